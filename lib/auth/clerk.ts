// Clerk bearer tokens: verified with CLERK_JWT_KEY (no network) or the instance's JWKS, then the
// token's `sub` is mapped to an internal user id: the `external_id` claim, else the Clerk user's
// `externalId` (Backend API), else a new internal user whose id is written back to Clerk.
import { createClerkClient, verifyToken } from "@clerk/backend";
import type { Db } from "@/db/client";
import { createUser, getUserByClerkId, getUserById, setClerkUserId, type NewUser } from "@/db/queries/users";
import { unauthorized } from "@/lib/core/errors";
import type { ClerkConfig } from "@/lib/config";
import { isUuid } from "@/lib/core/uuid";
import { processSingleton } from "@/lib/core/process-singleton";
import { logger } from "@/lib/log/logger";

const log = logger("auth");

const subToUser: Map<string, string> = processSingleton<Map<string, string>>("__vaClerkMap", () => new Map());

/** For tests: forget cached sub → user mappings. */
export function clearClerkMappingCache(): void {
  subToUser.clear();
}

/** Verification failures caused by the server's setup rather than the token: worth a log line. */
const SETUP_FAILURES = new Set(["jwk-remote-failed-to-load", "jwk-remote-invalid", "jwk-failed-to-resolve", "secret-key-invalid"]);

export async function verifyClerkToken(token: string, cfg: ClerkConfig): Promise<Record<string, unknown>> {
  // The exported verifyToken resolves to the payload and throws TokenVerificationError (`.reason`).
  let payload: Record<string, unknown>;
  try {
    payload = (await verifyToken(token, {
      jwtKey: cfg.jwtKey,
      secretKey: cfg.jwtKey ? undefined : cfg.secretKey,
      apiUrl: cfg.apiUrl,
      authorizedParties: cfg.authorizedParties,
    })) as unknown as Record<string, unknown>;
  } catch (err) {
    const reason = (err as { reason?: string } | null)?.reason;
    if (reason && SETUP_FAILURES.has(reason)) {
      log.error({ reason, err: (err as Error).message }, `Clerk token verification could not run (${reason})`);
    }
    throw unauthorized(reason === "token-expired" ? "Token expired" : "Invalid token");
  }
  if (typeof payload?.sub !== "string" || !payload.sub) throw unauthorized("Invalid token");
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

/** Concurrent first requests of one sub share a single resolution (no duplicate provisioning). */
const inflight: Map<string, Promise<string>> = processSingleton<Map<string, Promise<string>>>("__vaClerkInflight", () => new Map());

/** Creates the user; when another process provisioned this sub at the same moment (clerk_user_id
 * is unique), answers that user instead. `created` says whether this call made it. */
async function provision(db: Db, sub: string, input: NewUser): Promise<{ id: string; created: boolean }> {
  try {
    return { id: (await createUser(db, input)).user!.id, created: true };
  } catch (err) {
    const existing = await getUserByClerkId(db, sub);
    if (existing) return { id: existing.id, created: false };
    throw err;
  }
}

/** Maps a verified token's claims to the internal user id, provisioning the user when new. */
export async function resolveClerkUser(db: Db, claims: Record<string, unknown>, cfg: ClerkConfig): Promise<string> {
  const sub = claims.sub as string;
  const cached = subToUser.get(sub);
  if (cached) return cached;
  let pending = inflight.get(sub);
  if (!pending) {
    pending = mapSub(db, sub, claims, cfg).finally(() => inflight.delete(sub));
    inflight.set(sub, pending);
  }
  return pending;
}

async function mapSub(db: Db, sub: string, claims: Record<string, unknown>, cfg: ClerkConfig): Promise<string> {
  const claimed = typeof claims.external_id === "string" ? claims.external_id : null;
  let userId: string | null = null;
  if (claimed && isUuid(claimed)) {
    userId = (await getUserById(db, claimed))?.id ?? null;
    if (!userId) userId = (await provision(db, sub, { id: claimed, clerkUserId: sub })).id;
  }
  if (!userId) userId = (await getUserByClerkId(db, sub))?.id ?? null;
  if (!userId) {
    let info: ClerkUserInfo | null = null;
    try {
      info = await fetchClerkUser(sub, cfg);
    } catch (err) {
      log.error({ sub, err: (err as Error).message }, `Clerk Backend API lookup of ${sub} failed`);
    }
    if (info?.externalId && isUuid(info.externalId)) {
      const existing = await getUserById(db, info.externalId);
      userId = existing?.id ?? (await provision(db, sub, { id: info.externalId, clerkUserId: sub, ...info })).id;
      if (existing && !existing.clerkUserId) await setClerkUserId(db, existing.id, sub);
    } else {
      const made = await provision(db, sub, { clerkUserId: sub, ...(info ?? {}) });
      userId = made.id;
      if (made.created) {
        try {
          await writeBackExternalId(sub, userId, cfg);
        } catch (err) {
          log.error({ sub, err: (err as Error).message }, `writing externalId back to Clerk for ${sub} failed`);
        }
      }
    }
  }
  subToUser.set(sub, userId);
  return userId;
}
