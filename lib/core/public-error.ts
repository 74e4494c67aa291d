// Error text that reaches people (a video's error, a notification, a `done` event, a run's notes,
// the health report) must not expose the machine: no absolute paths, no working files' temporary
// names, no system error codes. A full disk, a file missing underneath a step and a video ffmpeg
// cannot read get plain words; an error already written for people (UserFacingError) passes as is.
import path from "node:path";
import { errorCause, withoutSql } from "@/lib/core/error-facts";

const ABSOLUTE_PATH = /(^|[\s'"(=:,[])(\/(?:[^\s/'"():,|\]]+\/)+[^\s/'"():,|\]]*)/g;
/** A writer's temporary name (`x.jpg.1234-<uuid>.part.jpg`, `frames.v8.part`), quoted or not. */
const TEMP_NAME = /'?[^\s'"(),]*\.part(?:\.[a-z0-9]+)?'?/gi;
/** Node's system error codes that reach error texts. */
const CODES = "ENOENT|EACCES|EPERM|EIO|EMFILE|ENFILE|ENOTDIR|EISDIR|EEXIST|EBUSY|EPIPE|ENOTEMPTY|EXDEV|EAGAIN|ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH";
/** A Node system error's text: `ENOENT: no such file or directory, rename 'a' -> 'b'`. */
const SYSTEM_ERROR = new RegExp(`\\b(${CODES})\\b(?:: [^,()|\\n]*)?(?:, [a-z]+ '[^']*'(?: -> '[^']*')?)?`, "g");
const SYSTEM_CODE = new RegExp(`^(?:${CODES})$`);
/** What ffmpeg/ffprobe failing on the input says (lib/media/ffmpeg.ts). */
const MEDIA_TOOL_FAILED = /^ff(?:mpeg|probe) exited with/;

const SYSTEM_WORDS: Record<string, string> = {
  ENOENT: "a working file was missing",
  EACCES: "a file could not be opened (no permission)",
  EPERM: "a file could not be opened (no permission)",
  EIO: "the disk could not be read",
  EMFILE: "too many files were open",
  ENOTFOUND: "the address could not be found",
  ECONNREFUSED: "the connection was refused",
  ECONNRESET: "the connection was cut",
  ETIMEDOUT: "the connection timed out",
};

/** An error whose message is written for the person who will read it: shown unchanged. */
export class UserFacingError extends Error {}

export const UNREADABLE_VIDEO =
  "The video file could not be read: it may be damaged, incomplete or in a format that is not supported. Upload the complete file again.";

export function isDiskFull(err: unknown): boolean {
  const e = err as NodeJS.ErrnoException | undefined;
  return e?.code === "ENOSPC" || e?.code === "EDQUOT" || /no space left on device|disk quota exceeded/i.test(e?.message ?? "");
}

/** Absolute paths in `text` reduced to their last part (`/srv/data/work/x/frames.v8` → `frames.v8`). */
export function withoutPaths(text: string): string {
  return text.replace(ABSOLUTE_PATH, (_m, lead: string, p: string) => `${lead}${path.posix.basename(p) || "(file)"}`);
}

/**
 * A text for people: without paths, temporary names and system error codes (each said in words).
 * For notes and messages that embed an error's text.
 */
export function forPeople(text: string): string {
  return withoutPaths(withoutSql(text))
    .replace(SYSTEM_ERROR, (_m, code: string) => SYSTEM_WORDS[code] ?? "a system error occurred")
    .replace(TEMP_NAME, "a working file")
    .replace(/\s{2,}/g, " ")
    .trim();
}

/** The text a failed run shows for `err` (an Error or the text of one). */
export function publicErrorText(err: unknown): string {
  if (isDiskFull(err)) return "The server ran out of disk space while processing this video";
  if (err instanceof UserFacingError) return err.message;
  const message = (err instanceof Error ? err.message : String(err ?? "")).trim();
  if (!message) return "Processing failed";
  if (MEDIA_TOOL_FAILED.test(message)) return UNREADABLE_VIDEO;
  // A failed query says its cause, never its statement or parameters.
  if (message.startsWith("Failed query: ")) {
    const cause = forPeople(errorCause(err).replace(/ \([^()]*\)$/, "")); // without its code
    const known = cause && cause !== "a database query failed" ? ` (${cause})` : "";
    return `Processing stopped: a database query failed${known}. Processing the video again usually helps.`;
  }
  const code = (err as NodeJS.ErrnoException | undefined)?.code ?? /^([A-Z_]+):/.exec(message)?.[1];
  if (code && SYSTEM_CODE.test(code)) {
    const words = SYSTEM_WORDS[code] ?? "a system error occurred";
    return `Processing stopped: ${words}. Processing the video again usually helps; if it keeps failing, upload the file again.`;
  }
  return forPeople(message).slice(0, 2000);
}
