import { handle } from "@/lib/api/handler";
import { deleteApiKey, setApiKeyActive } from "@/lib/auth/api-keys";
import { keysApi, toKeyResponse } from "@/lib/schemas/keys";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// PATCH /api/keys/{key_id} – activate or deactivate a key
export const PATCH = handle(
  keysApi.update,
  async ({ db, user, params, body }) =>
    toKeyResponse(await setApiKeyActive(db, { userId: user.user_id, keyId: params.key_id, isActive: body.is_active })),
);

// DELETE /api/keys/{key_id} – delete a key permanently
export const DELETE = handle(
  keysApi.remove,
  async ({ db, user, params }) => {
    await deleteApiKey(db, { userId: user.user_id, keyId: params.key_id });
    return { ok: true as const };
  },
);

export const { GET, POST, PUT, OPTIONS } = otherMethods("PATCH", "DELETE");
