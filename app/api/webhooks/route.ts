import { listEndpoints } from "@/db/queries/webhooks";
import { handle } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { toWebhookResponse, webhooksApi } from "@/lib/schemas/webhooks";
import { createWebhook } from "@/lib/webhooks/endpoint-ops";

export const dynamic = "force-dynamic";

// GET /api/webhooks – list the caller's endpoints (no secrets)
export const GET = handle(webhooksApi.list, async ({ db, user }) =>
  (await listEndpoints(db, user.user_id)).map((row) => toWebhookResponse(row)),
);

// POST /api/webhooks – register an endpoint; the only response that holds its secret
export const POST = handle(webhooksApi.create, async ({ db, user, body }) =>
  toWebhookResponse(await createWebhook(db, { userId: user.user_id, ...body }), true),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
