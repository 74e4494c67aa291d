// The ranking rules of search, as pure functions over scored candidates:
//   1. drop what is below `threshold`;
//   2. keep the best per (job_id, module, fixed 5-second window floor(start_time / 5));
//   3. select round-robin across modules — each module's best, then each one's second best, … —
//      modules taking turns in the order of their best similarity, until `limit`;
//   4. answer the selection sorted by similarity, descending.
// Ties are broken by start time, then id, so the order is deterministic.
import type { Candidate } from "@/db/queries/search";
import { item } from "@/lib/core/item";

export const DEDUP_WINDOW_SECONDS = 5;

export function windowKey(c: Pick<Candidate, "jobId" | "module" | "startTime">): string {
  return `${c.jobId}\u0000${c.module}\u0000${Math.floor(c.startTime / DEDUP_WINDOW_SECONDS)}`;
}

/** Best first: higher similarity, then earlier start, then smaller id. */
export function compareCandidates(a: Candidate, b: Candidate): number {
  return b.similarity - a.similarity || a.startTime - b.startTime || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Rules 1 and 2: the best candidate of each window at or above the threshold, best first. */
export function dedupeByWindow(candidates: readonly Candidate[], threshold: number): Candidate[] {
  const best = new Map<string, Candidate>();
  for (const c of candidates) {
    if (!(c.similarity >= threshold)) continue;
    const key = windowKey(c);
    const held = best.get(key);
    if (!held || compareCandidates(c, held) < 0) best.set(key, c);
  }
  return [...best.values()].sort(compareCandidates);
}

/** Rule 3 over deduplicated candidates sorted best first: the selection, in selection order. */
export function roundRobin(sorted: readonly Candidate[], limit: number): Candidate[] {
  const byModule = new Map<string, Candidate[]>(); // insertion order = order of each module's best
  for (const c of sorted) {
    const list = byModule.get(c.module);
    if (list) list.push(c);
    else byModule.set(c.module, [c]);
  }
  const lists = [...byModule.values()];
  const out: Candidate[] = [];
  for (let round = 0; out.length < limit; round++) {
    let took = false;
    for (const list of lists) {
      if (out.length >= limit) break;
      if (round < list.length) {
        out.push(item(list, round));
        took = true;
      }
    }
    if (!took) break;
  }
  return out;
}

/** All four rules. */
export function rankCandidates(candidates: readonly Candidate[], opts: { limit: number; threshold: number }): Candidate[] {
  return roundRobin(dedupeByWindow(candidates, opts.threshold), opts.limit).sort(compareCandidates);
}

/**
 * Modules whose candidates ran out before the selection did: with candidates cut off at a
 * similarity still above the threshold (an approximate, capped fetch), such a module may have
 * more qualifying segments below the cut that round-robin would have picked.
 */
export function modulesThatRanShort(candidates: readonly Candidate[], opts: { limit: number; threshold: number }, modules: readonly string[]): string[] {
  const deduped = dedupeByWindow(candidates, opts.threshold);
  const counts = new Map<string, number>();
  for (const c of deduped) counts.set(c.module, (counts.get(c.module) ?? 0) + 1);
  const selected = roundRobin(deduped, opts.limit);
  const taken = new Map<string, number>();
  for (const c of selected) taken.set(c.module, (taken.get(c.module) ?? 0) + 1);
  const rounds = Math.max(0, ...taken.values());
  // A module that had a candidate for every round played is not short; one with fewer (or none)
  // might be. A selection that did not reach `limit` could use more of every module.
  const full = selected.length >= opts.limit;
  return modules.filter((m) => (counts.get(m) ?? 0) < (full ? rounds : opts.limit));
}
