// Error text that reaches people (a video's error, a notification, a `done` event, the health
// report) must not expose the machine: no absolute paths. A full disk gets its own plain words.
import path from "node:path";

const ABSOLUTE_PATH = /(^|[\s'"(=:,[])(\/(?:[^\s/'"():,|\]]+\/)+[^\s/'"():,|\]]*)/g;


export function isDiskFull(err: unknown): boolean {
  const e = err as NodeJS.ErrnoException | undefined;
  return e?.code === "ENOSPC" || e?.code === "EDQUOT" || /no space left on device|disk quota exceeded/i.test(e?.message ?? "");
}

/** Absolute paths in `text` reduced to their last part (`/srv/data/work/x/frames.v8` → `frames.v8`). */
export function withoutPaths(text: string): string {
  return text.replace(ABSOLUTE_PATH, (_m, lead: string, p: string) => `${lead}${path.posix.basename(p) || "(file)"}`);
}

export function publicErrorText(err: unknown): string {
  if (isDiskFull(err)) return "The server ran out of disk space while processing this video";
  const message = err instanceof Error ? err.message : String(err);
  return withoutPaths(message || "Processing failed").slice(0, 2000);
}
