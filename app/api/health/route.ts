import { handle, jsonResponse } from "@/lib/api/handler";
import { checkHealth } from "@/lib/health/check-health";
import { healthApi, healthResponse } from "@/lib/schemas/health";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/health – readiness: 503 while the database or storage is unusable (no auth)
export const GET = handle(
  healthApi.get,
  async () => {
    const { report, usable } = await checkHealth();
    return usable ? report : jsonResponse(healthResponse.parse(report), 503);
  },
  { skipDb: true },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
