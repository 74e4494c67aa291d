// Playback tokens: `<expiry>.<signature>`, an HMAC-SHA256 over the job id and the expiry (unix
// seconds) with a key derived from APP_SECRET, checked in constant time. A token lets anyone who
// holds it fetch the thumbnail, the storyboard (moment previews), the HLS stream and the source
// file of that one video until it expires; nothing else. Signing is synchronous so responses can carry ready-made URLs.
import crypto from "node:crypto";
import { appSecret } from "@/lib/config";
import { env } from "@/lib/env";

/** A token is valid for at least this long after it is issued… */
export const PLAYBACK_TOKEN_TTL_SECONDS = 6 * 3600;
/** …and expiries are rounded up to this step, so URLs stay the same for a while (browser caches). */
const EXPIRY_STEP_SECONDS = 3600;

let derived: { secret: string; key: Buffer } | undefined;

function signingKey(): Buffer {
  const secret = appSecret();
  if (derived?.secret !== secret) {
    // Its own key, so a playback token can never be replayed as a storage signature or vice versa.
    derived = { secret, key: crypto.createHmac("sha256", secret).update("playback-token-v1").digest() };
  }
  return derived.key;
}

function signature(jobId: string, expires: number): Buffer {
  return crypto.createHmac("sha256", signingKey()).update(`v1\n${jobId.toLowerCase()}\n${expires}`).digest();
}

export function signPlaybackToken(jobId: string, now = Date.now()): string {
  const earliest = Math.floor(now / 1000) + PLAYBACK_TOKEN_TTL_SECONDS;
  const expires = Math.ceil(earliest / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
  return `${expires}.${signature(jobId, expires).toString("base64url")}`;
}

/** True when `token` was signed for this job id and has not expired. */
export function verifyPlaybackToken(jobId: string, token: unknown, now = Date.now()): boolean {
  if (typeof token !== "string" || token.length > 64) return false;
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return false;
  const expires = Number(m[1]);
  if (expires * 1000 < now) return false;
  const given = Buffer.from(m[2]!, "base64url");
  const expected = signature(jobId, expires);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export interface PlaybackUrls {
  thumbnail_url: string;
  stream_url: string;
  playback_url: string;
}

/** Absolute URLs of a video's thumbnail, HLS stream and source file, with a fresh token. */
export function playbackUrls(jobId: string): PlaybackUrls {
  const token = encodeURIComponent(signPlaybackToken(jobId));
  const base = `${env().APP_URL}/api/playback`;
  return {
    thumbnail_url: `${base}/thumbnail/${jobId}?token=${token}`,
    stream_url: `${base}/stream/${jobId}?token=${token}`,
    playback_url: `${base}/direct?job_id=${jobId}&token=${token}`,
  };
}
