// Scores of the structure above shots: scene boundaries (F1 within ±0.5 s of the truth window)
// and grouped shots (pairwise F1 over the truth shots: two shots "together" when their set-up
// labels match, predicted together when the detected shots holding their middles share a group).
import type { TruthShot } from "./composite";

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export const add = (a: Counts, b: Counts): Counts => ({ tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn });
export const zero = (): Counts => ({ tp: 0, fp: 0, fn: 0 });

export function f1(c: Counts): { precision: number; recall: number; f1: number } {
  const precision = c.tp + c.fp ? c.tp / (c.tp + c.fp) : 1;
  const recall = c.tp + c.fn ? c.tp / (c.tp + c.fn) : 1;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

/** One-to-one matching of detected scene starts to truth windows, closest first. */
export function sceneBoundaryCounts(truth: { start: number; end: number }[], detected: number[], tol = 0.5): Counts {
  const pairs: { t: number; d: number; cost: number }[] = [];
  truth.forEach((w, t) =>
    detected.forEach((time, d) => {
      const cost = time < w.start ? w.start - time : time > w.end ? time - w.end : 0;
      if (cost <= tol) pairs.push({ t, d, cost });
    }),
  );
  pairs.sort((a, b) => a.cost - b.cost);
  const tu = new Set<number>();
  const du = new Set<number>();
  for (const p of pairs) {
    if (tu.has(p.t) || du.has(p.d)) continue;
    tu.add(p.t);
    du.add(p.d);
  }
  return { tp: tu.size, fp: detected.length - du.size, fn: truth.length - tu.size };
}

/**
 * Pairwise counts. `groupOf(time)` names the predicted group of the detected shot at that time
 * (a unique name for singles).
 */
export function pairwiseCounts(truth: TruthShot[], groupOf: (time: number) => string | null): Counts {
  const lit = truth.filter((s) => s.setup);
  const pred = lit.map((s) => groupOf((s.start + s.end) / 2));
  const c = zero();
  for (let i = 0; i < lit.length; i++) {
    for (let j = i + 1; j < lit.length; j++) {
      const same = lit[i]!.setup === lit[j]!.setup;
      const together = pred[i] !== null && pred[i] === pred[j];
      if (same && together) c.tp++;
      else if (together) c.fp++;
      else if (same) c.fn++;
    }
  }
  return c;
}
