import { handle } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { authorizeScrape } from "@/lib/api/authorize-scrape";
import { renderMetrics } from "@/lib/metrics/scrape";
import { metricsApi } from "@/lib/schemas/metrics";

export const dynamic = "force-dynamic";

// GET /api/metrics – Prometheus text format (METRICS_TOKEN bearer, or loopback only)
export const GET = handle(
  metricsApi.get,
  async ({ req }) => {
    authorizeScrape(req);
    const { body, contentType } = await renderMetrics();
    return new Response(body, { status: 200, headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
  },
  { skipDb: true },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
