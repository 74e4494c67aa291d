// Clerk bearer tokens: verified with CLERK_JWT_KEY (no network) or the instance's JWKS, then the
// token's `sub` is mapped to an internal user id: the `external_id` claim, else the Clerk user's
// `externalId` (Backend API), else a new internal user whose id is written back to Clerk.
import { createClerkClient, verifyToken } from "@clerk/backend";
import type { Db } from "@/db/client";
import { createUser, getUserByClerkId, getUserById, setClerkUserId } from "@/db/queries/users";
import { unauthorized } from "@/lib/api/errors";
import type { ClerkConfig } from "@/lib/config";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const subToUser: Map<string, string> = ((globalThis as Record<string, unknown>).__vaClerkMap ??= new Map()) as Map<
  string,
  string
>;

/** For tests: forget cached sub → user mappings. */
export function clearClerkMappingCache(): void {
  subToUser.clear();
}

export async function verifyClerkToken(token: string, cfg: ClerkConfig): Promise<Record<string, unknown>> {
  let result;
  try {
    result = await verifyToken(token, {
      jwtKey: cfg.jwtKey,
      secretKey: cfg.jwtKey ? undefined : cfg.secretKey,
      apiUrl: cfg.apiUrl,
      authorizedParties: cfg.authorizedParties,
    });
  } catch {
    throw unauthorized("Invalid token");
  }
  if (result.errors) {
    const reason = (result.errors[0] as { reason?: string }).reason;
    throw unauthorized(reason === "token-expired" ? "Token expired" : "Invalid token");
  }
  const payload = result.data as unknown as Record<string, unknown>;
  if (typeof payload.sub !== "string" || !payload.sub) throw unauthorized("Invalid token");
  return payload;
}

interface ClerkUserInfo {
  externalId: string | null;
  email: string;
  fullName: string | null;
  avatarUrl: string | null;
}

async function fetchClerkUser(sub: string, cfg: ClerkConfig): Promise<ClerkUserInfo | null> {
  if (!cfg.secretKey) return null;
  const clerk = createClerkClient({ secretKey: cfg.secretKey, apiUrl: cfg.apiUrl });
  const u = await clerk.users.getUser(sub);
  const email = u.primaryEmailAddress?.emailAddress ?? u.emailAddresses?.[0]?.emailAddress ?? "";
  const fullName = [u.firstName, u.lastName].filter(Boolean).join(" ") || null;
  return { externalId: u.externalId ?? null, email, fullName, avatarUrl: u.imageUrl || null };
}

async function writeBackExternalId(sub: string, userId: string, cfg: ClerkConfig): Promise<void> {
  if (!cfg.secretKey) return;
  const clerk = createClerkClient({ secretKey: cfg.secretKey, apiUrl: cfg.apiUrl });
  await clerk.users.updateUser(sub, { externalId: userId });
}

/** Maps a verified token's claims to the internal user id, provisioning the user when new. */
export async function resolveClerkUser(db: Db, claims: Record<string, unknown>, cfg: ClerkConfig): Promise<string> {
  const sub = claims.sub as string;
  const cached = subToUser.get(sub);
  if (cached) return cached;

  const claimed = typeof claims.external_id === "string" ? claims.external_id : null;
  let userId: string | null = null;
  if (claimed && UUID.test(claimed)) {
    userId = (await getUserById(db, claimed))?.id ?? null;
    if (!userId) userId = (await createUser(db, { id: claimed, clerkUserId: sub })).user.id;
  }
  if (!userId) userId = (await getUserByClerkId(db, sub))?.id ?? null;
  if (!userId) {
    let info: ClerkUserInfo | null = null;
    try {
      info = await fetchClerkUser(sub, cfg);
    } catch (err) {
      console.error(`[auth] Clerk Backend API lookup of ${sub} failed: ${(err as Error).message}`);
    }
    if (info?.externalId && UUID.test(info.externalId)) {
      const existing = await getUserById(db, info.externalId);
      userId = existing?.id ?? (await createUser(db, { id: info.externalId, clerkUserId: sub, ...info })).user.id;
      if (existing && !existing.clerkUserId) await setClerkUserId(db, existing.id, sub);
    } else {
      userId = (await createUser(db, { clerkUserId: sub, ...(info ?? {}) })).user.id;
      try {
        await writeBackExternalId(sub, userId, cfg);
      } catch (err) {
        console.error(`[auth] writing externalId back to Clerk for ${sub} failed: ${(err as Error).message}`);
      }
    }
  }
  subToUser.set(sub, userId);
  return userId;
}
