// Clock times for people ("01:23", "1:02:05"), for server and browser alike: the UI, chat answers
// and citations, and segment text written by the analysis modules all use this one.

/**
 * 83.9 → "01:23", 3725 → "1:02:05"; with `padMinutes: false` 83.9 → "1:23". Whole seconds, rounded
 * down (a hair under a second, float error, counts as it); negative or non-finite is 0.
 */
export function formatClock(seconds: number, opts: { padMinutes?: boolean } = {}): string {
  const t = Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds + 1e-6)) : 0;
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const ss = String(t % 60).padStart(2, "0");
  if (h) return `${h}:${String(m).padStart(2, "0")}:${ss}`;
  return `${opts.padMinutes === false ? m : String(m).padStart(2, "0")}:${ss}`;
}
