// Resolves the caller of a request into a UserContext: an API key (raw or `Bearer svc_live_…`)
// or a Clerk bearer token.
import type { Db } from "@/db/client";
import { unauthorized } from "@/lib/core/errors";
import { clerkConfig } from "@/lib/config";
import { authenticateApiKey } from "./api-keys";
import { resolveClerkUser, verifyClerkToken } from "./clerk";

export interface UserContext {
  user_id: string;
  clerk_user_id?: string;
  auth_type: "api_key" | "clerk";
  /** The API key used, when auth_type is api_key. */
  key_id?: string;
}

export async function resolveUserContext(db: Db, authorization: string | null): Promise<UserContext> {
  const header = authorization?.trim();
  if (!header) throw unauthorized("Missing Authorization header");
  const bearer = /^bearer(?:\s+|$)/i.exec(header);
  const credential = bearer ? header.slice(bearer[0].length).trim() : header;
  if (!credential) throw unauthorized(bearer ? "Invalid token" : "Missing Authorization header");
  if (!bearer || credential.startsWith("svc_live_")) {
    const { userId, keyId } = await authenticateApiKey(db, credential);
    return { user_id: userId, auth_type: "api_key", key_id: keyId };
  }
  const cfg = clerkConfig();
  if (!cfg) throw unauthorized("Invalid token");
  const claims = await verifyClerkToken(credential, cfg);
  const userId = await resolveClerkUser(db, claims, cfg);
  return { user_id: userId, clerk_user_id: claims.sub as string, auth_type: "clerk" };
}
