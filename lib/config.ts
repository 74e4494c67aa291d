// Values derived from the configuration (lib/env): the app's signing secret and Clerk's settings.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { CLERK_PUBLISHABLE_KEY } from "@/lib/env/public";

let cachedSecret: { dir: string; value: string } | undefined;

/** Signs local presigned URLs and playback tokens: APP_SECRET, else generated once into DATA_DIR. */
export function appSecret(): string {
  const { APP_SECRET, DATA_DIR: dir } = env();
  if (APP_SECRET) return APP_SECRET;
  if (cachedSecret?.dir === dir) return cachedSecret.value;
  const file = path.join(dir, "app-secret");
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { flag: "wx", mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  }
  cachedSecret = { dir, value: fs.readFileSync(file, "utf8").trim() };
  return cachedSecret.value;
}

export interface ClerkConfig {
  secretKey?: string;
  publishableKey?: string;
  jwtKey?: string;
  apiUrl?: string;
  authorizedParties?: string[];
}

/** Clerk is configured when a secret key or a JWT verification key is set. */
export function clerkConfig(): ClerkConfig | null {
  const { CLERK_SECRET_KEY: secretKey, CLERK_JWT_KEY: jwtKey } = env();
  if (!secretKey && !jwtKey) return null;
  return {
    secretKey,
    jwtKey,
    publishableKey: CLERK_PUBLISHABLE_KEY,
    apiUrl: env().CLERK_API_URL,
    authorizedParties: env().CLERK_AUTHORIZED_PARTIES,
  };
}
