// Cuts queued clips in the app process, whichever engine runs the pipeline. Clips are rows
// claimed with FOR UPDATE SKIP LOCKED under a short lease (db/queries/clips.ts), so several
// processes share the work, a clip whose process died is taken over when its lease lapses (at
// once at start-up, lib/server/boot.ts), and one that keeps dying ends `failed`.
import fs from "node:fs";
import path from "node:path";
import type { Db } from "@/db/client";
import { claimClip, expireClipLeases, finishClip, renewClipLease, type Clip } from "@/db/queries/clips";
import { insertNotification } from "@/db/queries/notifications";
import { enqueueUserDeliveries } from "@/db/queries/user-webhook-deliveries";
import { getVideoByJobId } from "@/db/queries/videos";
import { publicErrorText } from "@/lib/core/public-error";
import { OPEN_PREFIX, sentence } from "@/lib/notifications/run-messages";
import { env } from "@/lib/env";
import { probeMedia } from "@/lib/media/probe";
import { isoTime } from "@/lib/core/iso-time";
import { LeasedWorker } from "@/lib/jobs/leased-worker";
import { processSingleton } from "@/lib/core/process-singleton";
import { getStorage } from "@/lib/storage";
import { wakeWebhookDispatchers } from "@/lib/webhooks/wake";
import { clipKey, clipStreamUrl } from "./clip-response";
import { cutClip, type CutSource } from "./cut-clip";
import { logger } from "@/lib/log/logger";

const log = logger("clips");

export const CLIP_LEASE_MS = 15_000;
const MAX_ATTEMPTS = 3;

const clipWorkDir = (clipId: string) => path.join(env().DATA_DIR, "clip-work", clipId);

/** Makes local copies of the videos (S3: downloads) for as long as `fn` runs. */
async function withLocalFiles<T>(keys: string[], fn: (files: Map<string, string>) => Promise<T>, acc = new Map<string, string>()): Promise<T> {
  const [key, ...rest] = keys;
  if (key === undefined) return fn(acc);
  return getStorage().withLocalFile(key, (file) => withLocalFiles(rest, fn, new Map(acc).set(key, file)));
}

async function announce(db: Db, clip: Clip, type: "clip.completed" | "clip.failed", extra: Record<string, unknown>): Promise<void> {
  try {
    const payload = JSON.stringify({
      type,
      timestamp: isoTime(new Date()) + "Z",
      data: { clip_id: clip.id, title: clip.title, ranges: clip.ranges, ...extra, links: { clip: `${env().APP_URL}/api/clips/${clip.id}`, app: `${env().APP_URL}/clips` } },
    });
    if (await enqueueUserDeliveries(db, { userId: clip.userId, eventType: type, payload })) wakeWebhookDispatchers();
  } catch (err) {
    log.error({ err }, `queueing the ${type} webhook of ${clip.id} failed`);
  }
}

/** The bell: a clip is ready (or could not be cut), with its place on the clips page. */
async function notify(db: Db, clip: Clip, error?: string): Promise<void> {
  const open = `${OPEN_PREFIX}/clips?clip=${clip.id}`;
  try {
    await insertNotification(
      db,
      error === undefined
        ? { userId: clip.userId, type: "success", title: "Clip ready", message: `“${clip.title}” is ready to play, download or share. ${open}` }
        : { userId: clip.userId, type: "error", title: "Clip failed", message: `“${clip.title}” could not be cut: ${sentence(error)} ${open}` },
    );
  } catch (err) {
    log.error({ err }, `notifying about clip ${clip.id} failed`);
  }
}

async function fail(db: Db, clip: Clip, owner: string, error: string): Promise<void> {
  const done = await finishClip(db, { clipId: clip.id, owner, status: "failed", error });
  if (!done) return;
  await notify(db, done, error);
  await announce(db, done, "clip.failed", { status: "failed", error });
}

export async function executeClip(db: Db, clip: Clip, owner: string, signal: AbortSignal): Promise<void> {
  if (clip.attempts > MAX_ATTEMPTS) return fail(db, clip, owner, `Cutting was interrupted ${clip.attempts - 1} times; giving up`);
  const work = clipWorkDir(clip.id);
  try {
    const keys = new Map<string, string>();
    for (const r of clip.ranges) {
      if (keys.has(r.job_id)) continue;
      const video = await getVideoByJobId(db, { userId: clip.userId, jobId: r.job_id });
      if (!video) return fail(db, clip, owner, `The video ${r.job_id} of a range no longer exists`);
      keys.set(r.job_id, video.storagePath);
    }
    await fs.promises.rm(work, { recursive: true, force: true });
    await fs.promises.mkdir(work, { recursive: true });
    const out = path.join(work, "clip.mp4");
    await withLocalFiles([...new Set(keys.values())], async (files) => {
      const sources: CutSource[] = clip.ranges.map((r) => ({ file: files.get(keys.get(r.job_id)!)!, start: r.start, end: r.end }));
      await cutClip(sources, out, signal);
    });
    const info = await probeMedia(out);
    const size = (await fs.promises.stat(out)).size;
    const key = clipKey(clip.userId, clip.id);
    await getStorage().putFile(key, out, "video/mp4");
    const done = await finishClip(db, { clipId: clip.id, owner, status: "completed", storagePath: key, fileSize: size, duration: Math.round(info.duration * 1000) / 1000 });
    // Deleted (or taken over) while cutting: its file must not stay behind.
    if (!done) {
      await getStorage().delete(key);
      return;
    }
    await notify(db, done);
    await announce(db, done, "clip.completed", { status: "completed", duration: done.duration, file_size: size, stream_url: clipStreamUrl(done.id) });
  } catch (err) {
    if (signal.aborted) return; // deleted, or this process is stopping (its lease is handed back)
    log.error({ err }, `cutting ${clip.id} failed`);
    await fail(db, clip, owner, publicErrorText(err));
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true }).catch(() => {});
  }
}

export type ClipWorker = LeasedWorker<Clip>;

const holder = processSingleton<{ worker?: ClipWorker }>("__vaClipWorker", () => ({}));

export function startClipWorker(db: Db, opts: { concurrency?: number; pollMs?: number } = {}): ClipWorker {
  holder.worker ??= new LeasedWorker<Clip>({
    name: "clips",
    concurrency: opts.concurrency ?? 1,
    leaseMs: CLIP_LEASE_MS,
    pollMs: opts.pollMs ?? 1_000,
    claim: (owner, leaseMs) => claimClip(db, { owner, leaseMs }),
    renew: (id, owner, leaseMs) => renewClipLease(db, { clipId: id, owner, leaseMs }),
    release: (ids, refund) => expireClipLeases(db, { clipIds: ids, refund }),
    execute: (clip, owner, signal) => executeClip(db, clip, owner, signal),
  }).start();
  return holder.worker;
}

export function clipWorker(): ClipWorker | undefined {
  return holder.worker;
}

/** A new clip: the worker of this process claims it now rather than at its next poll. */
export function wakeClipWorkers(): void {
  void holder.worker?.tick();
}
