// A similarity matrix where the expensive comparison runs only on a shortlist of pairs, so grouping
// a long video stays near-linear in the expensive part: every pair is rated by a cheap estimate
// (O(n²) at microseconds a pair), each item's `shortlist` best-rated partners and its `neighbours`
// nearest items in order (shots next to each other in time) are compared in full unless their
// estimate is below `minEstimate`, and the pairs left out keep their estimate. The work gives the
// event loop a turn every few milliseconds (../pacer.ts): on a long video it takes many seconds.
import { Pacer } from "../pacer";
import { item } from "@/lib/core/item";

export interface ShortlistOptions {
  /** Partners per item compared in full, best estimate first. */
  shortlist: number;
  /** Items this close in order are compared in full. */
  neighbours: number;
  /** Pairs estimated below this are never compared in full (too far to matter). */
  minEstimate: number;
}

export interface ShortlistMatrix {
  /** n×n, symmetric, 1 on the diagonal. */
  sims: Float32Array;
  /** How many pairs were compared in full. */
  fullPairs: number;
}

export async function shortlistMatrix<T>(
  items: readonly T[],
  cheap: (a: T, b: T) => number,
  full: (a: T, b: T) => number,
  opts: ShortlistOptions,
  pacer = new Pacer(),
): Promise<ShortlistMatrix> {
  const n = items.length;
  const sims = new Float32Array(n * n);
  for (let i = 0; i < n; i++) {
    if (pacer.due()) await pacer.pause();
    sims[i * n + i] = 1;
    for (let j = i + 1; j < n; j++) {
      const s = cheap(item(items, i), item(items, j));
      sims[i * n + j] = s;
      sims[j * n + i] = s;
    }
  }
  const chosen = new Uint8Array(n * n);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    if (pacer.due()) await pacer.pause();
    for (let j = Math.max(0, i - opts.neighbours); j <= Math.min(n - 1, i + opts.neighbours); j++) chosen[i * n + j] = 1;
    if (opts.shortlist <= 0) continue;
    for (let j = 0; j < n; j++) order[j] = j;
    const row = i * n;
    // Best estimates first; ties to the lower index (deterministic).
    const ranked = Array.from(order).filter((j) => j !== i).sort((p, q) => (sims[row + q] ?? 0) - (sims[row + p] ?? 0) || p - q);
    for (let r = 0; r < Math.min(opts.shortlist, ranked.length); r++) chosen[row + (ranked[r] ?? 0)] = 1;
  }
  let fullPairs = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if ((!chosen[i * n + j] && !chosen[j * n + i]) || (sims[i * n + j] ?? 0) < opts.minEstimate) continue;
      if (pacer.due()) await pacer.pause();
      const s = full(item(items, i), item(items, j));
      sims[i * n + j] = s;
      sims[j * n + i] = s;
      fullPairs++;
    }
  }
  return { sims, fullPairs };
}
