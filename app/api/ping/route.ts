import { jsonResponse } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/ping – liveness: a constant, no database, no auth (also the baseline of bench/api)
export const GET = async () => jsonResponse({ ok: true });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
