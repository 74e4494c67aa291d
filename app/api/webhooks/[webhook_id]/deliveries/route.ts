import { listDeliveries } from "@/db/queries/webhooks";
import { handle } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { toDeliveryResponse, webhooksApi } from "@/lib/schemas/webhooks";
import { requireWebhook } from "@/lib/webhooks/endpoint-ops";

export const dynamic = "force-dynamic";

// GET /api/webhooks/{webhook_id}/deliveries – the endpoint's delivery log, newest first
export const GET = handle(
  webhooksApi.deliveries,
  async ({ db, user, params, query }) => {
    const endpoint = await requireWebhook(db, { userId: user.user_id, endpointId: params.webhook_id });
    const rows = await listDeliveries(db, { userId: user.user_id, endpointId: endpoint.id, limit: query.limit ?? 50 });
    return rows.map(toDeliveryResponse);
  },
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
