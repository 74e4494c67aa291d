// Clips: create (queued for the clip worker), read, list, delete (with the file).
import type { Db } from "@/db/client";
import { deleteClip, getClip, insertClip, listClips, type Clip } from "@/db/queries/clips";
import { notFound } from "@/lib/core/errors";
import type { PageRequest } from "@/db/queries/page-cursor";
import type { CreateClipBody } from "@/lib/schemas/clips";
import { getStorage } from "@/lib/storage";
import { clipWorker, wakeClipWorkers } from "./clip-worker";
import { clipKey } from "./clip-response";
import { planClip } from "./plan-ranges";

export async function createClip(db: Db, params: { userId: string; body: CreateClipBody; signal?: AbortSignal }): Promise<Clip> {
  const plan = await planClip(db, params.userId, params.body, params.signal);
  const clip = await insertClip(db, { userId: params.userId, ...plan });
  wakeClipWorkers();
  return clip;
}

export async function requireClip(db: Db, params: { userId: string; clipId: string }): Promise<Clip> {
  const clip = await getClip(db, params);
  if (!clip) throw notFound("Clip");
  return clip;
}

export function listUserClips(db: Db, params: { userId: string; page: PageRequest | null }): Promise<Clip[]> {
  return listClips(db, { userId: params.userId, limit: params.page ? params.page.limit + 1 : undefined, cursor: params.page?.cursor });
}

/** Removes the row first (a worker cutting it then fails to finish and drops its output), then the file. */
export async function removeClip(db: Db, params: { userId: string; clipId: string }): Promise<void> {
  const clip = await deleteClip(db, params);
  if (!clip) throw notFound("Clip");
  clipWorker()?.cancel(clip.id);
  await getStorage().delete(clip.storagePath ?? clipKey(clip.userId, clip.id));
}
