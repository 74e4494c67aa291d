// A new local user with a first API key: what the CLI and the first start of an empty instance do.
import type { Db } from "@/db/client";
import { createUser } from "@/db/queries/users";
import { createApiKey } from "@/lib/auth/api-keys";
import { notifyWelcome } from "@/lib/notifications/welcome";

export async function createUserWithKey(db: Db, params: { email: string; name?: string | null; keyName?: string }) {
  const { user } = await createUser(db, { email: params.email, fullName: params.name ?? null });
  const { rawKey, row } = await createApiKey(db, { userId: user.id, name: params.keyName ?? "default" });
  await notifyWelcome(db, user.id);
  return { user_id: user.id, api_key: rawKey, key_id: row.id };
}
