import { handle } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { toDeliveryResponse, webhooksApi } from "@/lib/schemas/webhooks";
import { sendTestEvent } from "@/lib/webhooks/endpoint-ops";

export const dynamic = "force-dynamic";

// POST /api/webhooks/{webhook_id}/test – queue a webhook.test event to the endpoint
export const POST = handle(
  webhooksApi.test,
  async ({ db, user, params }) => toDeliveryResponse(await sendTestEvent(db, { userId: user.user_id, endpointId: params.webhook_id })),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
