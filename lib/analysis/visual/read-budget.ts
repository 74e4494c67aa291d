// How much of a video's keyframes are read (OCR, object labels): every shot, in an order spread
// over the timeline, until a time budget is spent — so a long video is read evenly, not cut off.
import { env } from "@/lib/env";

/** Default budget: two minutes, or half the video's duration when that is longer. */
export function readBudgetSeconds(durationSeconds: number): number {
  return env().VISUAL_READ_BUDGET_SECONDS ?? Math.max(120, 0.5 * (durationSeconds || 0));
}

/** 0..n-1 ordered so that every prefix is spread over the range (0, n/2, n/4, 3n/4, …). */
export function spreadOrder(n: number): number[] {
  const out: number[] = [];
  const seen = new Uint8Array(n);
  for (let step = 2 ** Math.ceil(Math.log2(Math.max(1, n))); step >= 1; step /= 2) {
    for (let i = 0; i < n; i += step) {
      if (!seen[i]) {
        seen[i] = 1;
        out.push(i);
      }
    }
  }
  return out;
}

/** A wall-clock budget that starts at the first read. */
export class ReadBudget {
  private started = 0;
  read = 0;
  skipped = 0;
  constructor(readonly seconds: number) {}

  /** Whether another keyframe may still be read (counts it either way). */
  take(): boolean {
    if (!this.started) this.started = performance.now();
    if ((performance.now() - this.started) / 1000 > this.seconds) {
      this.skipped++;
      return false;
    }
    this.read++;
    return true;
  }
}
