import { jsonResponse } from "@/lib/api/handler";

export const dynamic = "force-dynamic";

// GET /api/ping – liveness: a constant, no database, no auth (also the baseline of bench/api)
export const GET = async () => jsonResponse({ ok: true });
