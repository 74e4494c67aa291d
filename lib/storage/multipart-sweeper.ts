// Abandoned multipart uploads (24 h without complete) are aborted and their parts removed: at
// start-up, then hourly, in every app process (a sweep is idempotent); creating an upload also
// sweeps, at most once a minute.
import type { Db } from "@/db/client";
import { sweepExpiredMultipartUploads } from "./multipart";

const EVERY_MS = 3600 * 1000;
const state = ((globalThis as Record<string, unknown>).__vaMultipartSweeper ??= {}) as { timer?: NodeJS.Timeout };

export function startMultipartSweeper(db: Db): void {
  if (state.timer) return;
  const sweep = () =>
    void sweepExpiredMultipartUploads(db, { force: true })
      .then((n) => n && console.log(`[multipart] removed ${n} abandoned upload(s)`))
      .catch((err) => console.warn("[multipart] sweep failed:", err));
  sweep();
  state.timer = setInterval(sweep, EVERY_MS);
  state.timer.unref();
}
