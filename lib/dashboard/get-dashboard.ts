// The dashboard: the caller's whole account in one response, with a fixed number of queries.
import type { Db } from "@/db/client";
import { listApiKeys } from "@/db/queries/api-keys";
import { getProfile } from "@/db/queries/users";
import { toKeyResponse } from "@/lib/schemas/keys";
import { toProfileResponse } from "@/lib/schemas/profile";

export async function getDashboard(db: Db, userId: string) {
  const [profile, keys] = await Promise.all([getProfile(db, userId), listApiKeys(db, userId)]);
  if (!profile) throw new Error(`user ${userId} has no profile`); // createUser makes both in one transaction
  return {
    profile: toProfileResponse(profile),
    api_keys: keys.map((k) => toKeyResponse(k)),
  };
}
