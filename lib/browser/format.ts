// The browser's formatting helpers: dates (the API's are ISO 8601 in UTC without a zone; shown in
// the viewer's zone), durations and sizes. Clock times ("01:23") are lib/core/clock.ts.
import { plural } from "@/lib/core/words";

export function parseApiTime(value: string): Date {
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const relativeFormat = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

export function formatDate(value: string): string {
  return dateFormat.format(parseApiTime(value));
}

export function formatDateTime(value: string): string {
  return dateTimeFormat.format(parseApiTime(value));
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Infinity],
];

/** "just now", "5 minutes ago", "yesterday"… */
export function formatRelative(value: string, now: number = Date.now()): string {
  let delta = (parseApiTime(value).getTime() - now) / 1000;
  if (Math.abs(delta) < 45) return "just now";
  for (const [unit, size] of STEPS) {
    if (Math.abs(delta) < size) return relativeFormat.format(Math.round(delta), unit);
    delta /= size;
  }
  return relativeFormat.format(Math.round(delta), "year");
}

/** "1 min 5 s", "12 s", "1 h 3 min" — for durations read in a sentence. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds)) return "—";
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1).replace(/\.0$/, "") : Math.round(seconds)} s`;
  const m = Math.floor(seconds / 60);
  if (m < 60) return `${m} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/** Spoken form for screen readers: "1 minute 5 seconds". */
export function spokenTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  const parts: string[] = [];
  if (h) parts.push(plural(h, "hour"));
  if (m) parts.push(plural(m, "minute"));
  if (r || !parts.length) parts.push(plural(r, "second"));
  return parts.join(" ");
}

/** 1536 → "1.5 KB". */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v >= 100 ? v.toFixed(0) : v.toFixed(1)} ${units[i]}`;
}
