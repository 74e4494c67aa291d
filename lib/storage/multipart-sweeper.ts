// Abandoned multipart uploads (24 h without complete) are aborted and their parts removed: at
// start-up, then hourly, in every app process (a sweep is idempotent); creating an upload also
// sweeps, at most once a minute.
import type { Db } from "@/db/client";
import { localStorageRoot, storageDriverKind } from "./index";
import { LocalStorageDriver } from "./local-driver";
import { sweepExpiredMultipartUploads } from "./multipart";
import type { MultipartBackend } from "./multipart-backend";
import { LocalMultipart } from "./multipart-local";
import { S3Multipart } from "./multipart-s3";
import { S3StorageDriver, s3ConfigFromEnv } from "./s3-driver";
import { processSingleton } from "@/lib/core/process-singleton";

const EVERY_MS = 3600 * 1000;
const state = processSingleton<{ timer?: NodeJS.Timeout }>("__vaMultipartSweeper", () => ({}));

/**
 * A driver of the sweeper's own. It runs from instrumentation, a separate bundle under Next: had it
 * created the shared driver (getStorage), the routes' `instanceof LocalStorageDriver` checks would
 * fail on an instance of the other bundle's class.
 */
function ownBackend(): MultipartBackend {
  return storageDriverKind() === "local"
    ? new LocalMultipart(new LocalStorageDriver(localStorageRoot()))
    : new S3Multipart(new S3StorageDriver(s3ConfigFromEnv()));
}

export function startMultipartSweeper(db: Db): void {
  if (state.timer) return;
  const sweep = () =>
    void sweepExpiredMultipartUploads(db, { force: true, backend: ownBackend() })
      .then((n) => n && console.log(`[multipart] removed ${n} abandoned upload(s)`))
      .catch((err) => console.warn("[multipart] sweep failed:", err));
  sweep();
  state.timer = setInterval(sweep, EVERY_MS);
  state.timer.unref();
}
