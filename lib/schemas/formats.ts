// Report encodings: CSV (RFC 4180), SRT and WebVTT, and a safe attachment header.
import type { SegmentResponse } from "@/lib/schemas/results";

export const CSV_COLUMNS = ["id", "job_id", "module", "start_time", "end_time", "content", "metadata", "created_at"] as const;

/**
 * One RFC 4180 field. A text cell starting with `=`, `+`, `-`, `@`, tab or CR could run as a formula
 * in a spreadsheet (OWASP "CSV injection"): it gets a leading `'`. Numbers are written as numbers.
 */
function csvField(v: unknown): string {
  let s = v === null || v === undefined ? "" : String(v);
  if (typeof v === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Cue text: never a blank line (it would end the cue) and never a cue timing arrow. */
function cueText(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n").map((l) => l.trimEnd()).filter((l) => l.trim() !== "");
  return (lines.length ? lines.join("\n") : " ").replace(/-->/g, "->");
}

/** WebVTT cue text is HTML-like: `&` and `<` are escaped (`>` too, for symmetry). */
function vttEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function toCsv(segments: SegmentResponse[]): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const s of segments) lines.push(CSV_COLUMNS.map((c) => csvField(s[c])).join(","));
  return lines.join("\r\n") + "\r\n";
}

/** `hh:mm:ss,mmm` (SRT) or `hh:mm:ss.mmm` (WebVTT). */
export function clock(seconds: number, sep: "," | "."): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(h)}:${pad(m)}:${pad(s)}${sep}${pad(ms % 1000, 3)}`;
}

export function toSrt(segments: SegmentResponse[]): string {
  return segments
    .map((s, i) => `${i + 1}\n${clock(s.start_time, ",")} --> ${clock(s.end_time, ",")}\n${cueText(s.content)}\n`)
    .join("\n");
}

export function toVtt(segments: SegmentResponse[]): string {
  const cues = segments.map((s) => `${clock(s.start_time, ".")} --> ${clock(s.end_time, ".")}\n${vttEscape(cueText(s.content))}\n`);
  return `WEBVTT\n\n${cues.join("\n")}`;
}

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266). */
export function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** A file-name stem from a video name: letters, digits, dot, dash and underscore. */
export function fileStem(name: string): string {
  const stem = name.replace(/\.[a-z0-9]{2,5}$/i, "").replace(/[^\p{L}\p{N}._-]+/gu, "_").replace(/^_+|_+$/g, "");
  return stem.slice(0, 100) || "video";
}
