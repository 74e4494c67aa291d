// Configuration from the environment, read when asked (tests change it between cases).
// The README's configuration table lists every variable.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir } from "@/db/client";

export function port(): number {
  return Number(process.env.PORT) || 3000;
}

export function appUrl(): string {
  return (process.env.APP_URL || `http://localhost:${port()}`).replace(/\/+$/, "");
}

let cachedSecret: { dir: string; value: string } | undefined;

/** Signs local presigned URLs and playback tokens: APP_SECRET, else generated once into DATA_DIR. */
export function appSecret(): string {
  if (process.env.APP_SECRET) return process.env.APP_SECRET;
  const dir = dataDir();
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

export function rateLimitPerMinute(): number {
  const n = Number(process.env.RATE_LIMIT_PER_MINUTE);
  return Number.isFinite(n) && n > 0 ? n : 600;
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
  const secretKey = process.env.CLERK_SECRET_KEY || undefined;
  // A PEM pasted into an env file often carries literal "\n": turn them back into newlines.
  const jwtKey = process.env.CLERK_JWT_KEY?.replace(/\\n/g, "\n") || undefined;
  if (!secretKey && !jwtKey) return null;
  const parties = (process.env.CLERK_AUTHORIZED_PARTIES || "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    secretKey,
    jwtKey,
    publishableKey: process.env.NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY || undefined,
    apiUrl: process.env.CLERK_API_URL || undefined,
    authorizedParties: parties.length ? parties : undefined,
  };
}
