import { errorResponse } from "@/lib/api/handler";

export const dynamic = "force-dynamic";

// Any unknown /api/... route, with or without credentials – 404 {detail: "Not found"}
const notFound = async () => errorResponse(404, "Not found");
export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const HEAD = notFound;
export const OPTIONS = notFound;
