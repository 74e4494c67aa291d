import { handle } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { toWebhookResponse, webhooksApi } from "@/lib/schemas/webhooks";
import { changeWebhook, removeWebhook, requireWebhook } from "@/lib/webhooks/endpoint-ops";

export const dynamic = "force-dynamic";

// GET /api/webhooks/{webhook_id} – one endpoint (no secret)
export const GET = handle(
  webhooksApi.get,
  async ({ db, user, params }) => toWebhookResponse(await requireWebhook(db, { userId: user.user_id, endpointId: params.webhook_id })),
);

// PATCH /api/webhooks/{webhook_id} – change url, events, enabled or description
export const PATCH = handle(
  webhooksApi.update,
  async ({ db, user, params, body }) =>
    toWebhookResponse(await changeWebhook(db, { userId: user.user_id, endpointId: params.webhook_id, ...body })),
);

// DELETE /api/webhooks/{webhook_id} – delete an endpoint and its delivery log
export const DELETE = handle(
  webhooksApi.remove,
  async ({ db, user, params }) => {
    await removeWebhook(db, { userId: user.user_id, endpointId: params.webhook_id });
    return { ok: true as const };
  },
);

export const { POST, PUT, OPTIONS } = otherMethods("GET", "PATCH", "DELETE");
