// A clip's share link, like a report's: a random hash (192 bits) opens the clip's public page and
// stream without signing in until the owner revokes it or deletes the clip; it does not expire.
import crypto from "node:crypto";
import type { Db } from "@/db/client";
import { getClipByShareHash, shareClipRow, unshareClipRow } from "@/db/queries/clip-shares";
import { getStorage } from "@/lib/storage";
import { notFound } from "@/lib/core/errors";
import { env } from "@/lib/env";
import { isoTime } from "@/lib/core/iso-time";
import { HASH_BYTES, HASH_FORMAT } from "@/lib/shares/share-ops";
import { requireClip } from "./clip-ops";
import { clipShareUrl } from "./clip-response";

/** The shared clip's MP4, as long as the share lasts. */
export const sharedClipStreamUrl = (hash: string) => `${env().APP_URL}/api/shared-clips/${hash}/stream`;

export async function shareClip(db: Db, params: { userId: string; clipId: string }): Promise<{ share_hash: string; url: string; created: boolean }> {
  const shared = await shareClipRow(db, { ...params, shareHash: crypto.randomBytes(HASH_BYTES).toString("base64url") });
  if (!shared) throw notFound("Clip");
  const hash = shared.clip.shareHash!;
  return { share_hash: hash, url: clipShareUrl(hash), created: shared.created };
}

export async function getClipShare(db: Db, params: { userId: string; clipId: string }): Promise<{ share_hash: string; url: string }> {
  const clip = await requireClip(db, params);
  if (!clip.shareHash) throw notFound("Shared clip");
  return { share_hash: clip.shareHash, url: clipShareUrl(clip.shareHash) };
}

export async function revokeClipShare(db: Db, params: { userId: string; clipId: string }): Promise<void> {
  await requireClip(db, params);
  if (!(await unshareClipRow(db, params))) throw notFound("Shared clip");
}

async function requireSharedClip(db: Db, hash: string) {
  const clip = HASH_FORMAT.test(hash) ? await getClipByShareHash(db, hash) : null;
  if (!clip) throw notFound("Shared clip");
  return clip;
}

/** The public clip: its title, state, length and (once cut) its stream; no ids, paths or keys. */
export async function getSharedClip(db: Db, hash: string) {
  const clip = await requireSharedClip(db, hash);
  const ready = clip.status === "completed" && !!clip.storagePath;
  return {
    title: clip.title,
    status: clip.status,
    duration: clip.duration,
    created_at: isoTime(clip.createdAt),
    ...(ready ? { stream_url: sharedClipStreamUrl(hash) } : {}),
  };
}

/** A presigned address of the shared clip's file (1 h), for a 302. */
export async function sharedClipFileUrl(db: Db, hash: string): Promise<string> {
  const clip = await requireSharedClip(db, hash);
  if (clip.status !== "completed" || !clip.storagePath) throw notFound("Shared clip");
  return getStorage().presignDownload(clip.storagePath, { expiresIn: 3600 });
}
