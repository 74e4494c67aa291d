import { handle } from "@/lib/api/handler";
import { checkHealth } from "@/lib/health/check-health";
import { healthApi } from "@/lib/schemas/health";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/health – service and database health (no auth)
export const GET = handle(healthApi.get, () => checkHealth(), { skipDb: true });

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
