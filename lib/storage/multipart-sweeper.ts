// Storage housekeeping, at start-up and then hourly in every app process (each sweep is
// idempotent): abandoned multipart uploads (24 h without complete) are aborted and their parts
// removed (creating an upload also sweeps them, at most once a minute); expired upload-URL
// reservations are forgotten; derived files of videos that no longer exist are removed (what a
// process killed mid-write, or a failed delete, left under results/).
import type { Db } from "@/db/client";
import { deleteExpiredReservations } from "@/db/queries/upload-reservations";
import { sweepOrphanedDerivedFiles } from "@/lib/storage/derived-files";
import type { StorageDriver } from "./driver";
import { localStorageRoot, storageDriverKind } from "./index";
import { LocalStorageDriver } from "./local-driver";
import { sweepExpiredMultipartUploads } from "./multipart";
import type { MultipartBackend } from "./multipart-backend";
import { LocalMultipart } from "./multipart-local";
import { S3Multipart } from "./multipart-s3";
import { S3StorageDriver, s3ConfigFromEnv } from "./s3-driver";
import { processSingleton } from "@/lib/core/process-singleton";
import { logger } from "@/lib/log/logger";

const log = logger("multipart");

const EVERY_MS = 3600 * 1000;
const state = processSingleton<{ timer?: NodeJS.Timeout; current?: Promise<unknown> }>("__vaMultipartSweeper", () => ({}));

/**
 * A driver of the sweeper's own. It runs from instrumentation, a separate bundle under Next: had it
 * created the shared driver (getStorage), the routes' `instanceof LocalStorageDriver` checks would
 * fail on an instance of the other bundle's class.
 */
function ownDrivers(): { storage: StorageDriver; backend: MultipartBackend } {
  if (storageDriverKind() === "local") {
    const storage = new LocalStorageDriver(localStorageRoot());
    return { storage, backend: new LocalMultipart(storage) };
  }
  const storage = new S3StorageDriver(s3ConfigFromEnv());
  return { storage, backend: new S3Multipart(storage) };
}

/** One sweep: each part on its own (one failing does not stop the others); what each removed. */
export async function sweepStorage(db: Db): Promise<{ uploads: number; reservations: number; orphanedVideos: number }> {
  const { storage, backend } = ownDrivers();
  const part = (what: string, p: Promise<number>) =>
    p.catch((err: unknown) => {
      log.warn({ err }, `sweeping ${what} failed`);
      return 0;
    });
  const [uploads, reservations, orphanedVideos] = await Promise.all([
    part("multipart uploads", sweepExpiredMultipartUploads(db, { force: true, backend })),
    part("upload reservations", deleteExpiredReservations(db)),
    part("derived files of deleted videos", sweepOrphanedDerivedFiles(db, storage)),
  ]);
  if (uploads) log.info({ uploads }, `removed ${uploads} abandoned upload(s)`);
  if (reservations) log.debug({ reservations }, `forgot ${reservations} expired upload reservation(s)`);
  if (orphanedVideos) log.info({ videos: orphanedVideos }, `removed the derived files of ${orphanedVideos} deleted video(s)`);
  return { uploads, reservations, orphanedVideos };
}

/** Starts the hourly sweep in this process (once); the first sweep, started at once, is returned. */
export function startMultipartSweeper(db: Db): Promise<unknown> {
  if (state.timer) return Promise.resolve();
  const sweep = () => {
    const current = sweepStorage(db).finally(() => {
      if (state.current === current) state.current = undefined;
    });
    state.current = current;
    return current;
  };
  const first = sweep();
  state.timer = setInterval(() => void sweep(), EVERY_MS);
  state.timer.unref();
  return first;
}

/** Stops the hourly sweep (shutdown) once the sweep under way, if any, has finished. */
export async function stopMultipartSweeper(): Promise<void> {
  if (state.timer) clearInterval(state.timer);
  state.timer = undefined;
  await state.current;
}
