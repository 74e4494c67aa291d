import { listApiKeys } from "@/db/queries/api-keys";
import { handle } from "@/lib/api/handler";
import { createApiKey } from "@/lib/auth/api-keys";
import { keysApi, toKeyResponse } from "@/lib/schemas/keys";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/keys – list the caller's keys (raw_key masked)
export const GET = handle(keysApi.list, async ({ db, user }) =>
  (await listApiKeys(db, user.user_id)).map((row) => toKeyResponse(row)),
);

// POST /api/keys – create a key; the only response that holds the full key
export const POST = handle(keysApi.create, async ({ db, user, body }) => {
  const { row, rawKey } = await createApiKey(db, { userId: user.user_id, name: body.name });
  return toKeyResponse(row, rawKey);
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
