// Shot-look comparisons made ahead of time: a chunk of a long video compares the shots inside it
// while the other chunks still run, and the merge, which compares all the video's shots on one
// worker, finds those pairs done. A comparison is kept under the content ids of its two
// descriptors (shot-similarity.ts: a hash of what a descriptor is computed from), so it is used
// only where the merged run describes a shot exactly as the chunk did; a shot the merge sees
// differently (one cut at a chunk border) is compared again. lookScores is symmetric, so a pair
// is one entry either way round.
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { isBlackShot, lookScores, quickLookSimilarity, type LookScores, type ShotLookDescriptor } from "./shot-similarity";
import { GROUPING, SCENES, SETUP_THRESHOLD } from "./tuning";
import { Pacer } from "@/lib/analysis/pacer";

/** One comparison: the two descriptors' ids and lookScores' two scores. */
export type LookPair = [a: string, b: string, setup: number, scene: number];

/** Comparisons by pair of descriptor ids (pairKey). */
export type KnownLookPairs = ReadonlyMap<string, LookScores>;

export const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

export function knownLookPairs(pairs: readonly LookPair[]): Map<string, LookScores> {
  const known = new Map<string, LookScores>();
  for (const [a, b, setup, scene] of pairs) known.set(pairKey(a, b), { setup, scene });
  return known;
}

/** The lookup memoizedLookScores asks: a known comparison of two described shots, if any. */
export function lookupIn(known: KnownLookPairs): ((a: ShotLookDescriptor, b: ShotLookDescriptor) => LookScores | undefined) | undefined {
  if (!known.size) return undefined;
  return (a, b) => (a.id && b.id ? known.get(pairKey(a.id, b.id)) : undefined);
}

/** Where the merge lays the chunks' comparisons in a run's work directory (read by shared-looks.ts). */
export const lookPairsFile = (workDir: string) => path.join(workDir, "look-pairs.v8");

export async function writeLookPairs(workDir: string, pairs: readonly LookPair[]): Promise<void> {
  const file = lookPairsFile(workDir);
  const tmp = `${file}.${process.pid}.part`;
  await fs.promises.writeFile(tmp, v8.serialize(pairs));
  await fs.promises.rename(tmp, file);
}

/** The comparisons laid in `workDir` (none when no chunk left any, or the file is unreadable). */
export async function readLookPairs(workDir: string): Promise<KnownLookPairs> {
  const bytes = await fs.promises.readFile(lookPairsFile(workDir)).catch(() => null);
  if (!bytes) return new Map();
  try {
    return knownLookPairs(v8.deserialize(bytes) as LookPair[]);
  } catch {
    return new Map();
  }
}

/** A described shot as a chunk sees it: its own, or one of a chunk that ended before. */
export interface KnownLook {
  look: ShotLookDescriptor;
  /** This chunk's own shot: only pairs with one of these are compared. */
  mine: boolean;
  /** Contiguous known chunks share a block: neighbours in time are counted only within one. */
  block: number;
  /**
   * For a shot of a chunk that ended before: its shortlist bar then (the estimate of its
   * GROUPING.shortlist-th best partner among the shots known at the time; −∞ with fewer). Its
   * best partners in the whole video can only be better, so a pair estimated below it is not one.
   */
  bar: number;
}

/**
 * The comparisons a chunk can make for the merge (`known`: its own shots and those of chunks that
 * ended before it, in time order): pairs with one of its own shots that scenes compare (up to
 * SCENES.window apart within a block) and that grouped shots would shortlist (GROUPING: the
 * neighbours, and each shot's best estimates — a pair among a shot's best few in the whole video
 * is among its best few in any part holding both; for another chunk's shot, at or above its bar).
 * Returns the pairs and each own shot's bar (by position in `known`), to keep with its look.
 */
export async function chunkLookPairs(known: readonly KnownLook[], signal?: AbortSignal): Promise<{ pairs: LookPair[]; bars: Map<number, number> }> {
  const wanted = new Set<string>();
  const pairs: [number, number][] = [];
  const want = (i: number, j: number) => {
    const [p, q] = i < j ? [i, j] : [j, i];
    if (!known[p]!.mine && !known[q]!.mine) return;
    if (!known[p]!.look.id || !known[q]!.look.id) return;
    const k = `${p}:${q}`;
    if (!wanted.has(k)) {
      wanted.add(k);
      pairs.push([p, q]);
    }
  };
  const lit = known.map((k) => !isBlackShot(k.look));
  // Scenes: shots up to SCENES.window apart in time order.
  for (let i = 0; i < known.length; i++) {
    for (let j = i + 1; j <= i + SCENES.window && j < known.length && known[j]!.block === known[i]!.block; j++) if (lit[i] && lit[j]) want(i, j);
  }
  // Grouped shots: among the usable shots, the neighbours and the best estimates.
  const usable = known.flatMap((k, i) => (lit[i] && (k.look.feature || k.look.keyframe) ? [i] : []));
  const floor = SETUP_THRESHOLD - GROUPING.floorBelow;
  const bars = new Map<number, number>();
  const pacer = new Pacer();
  for (let p = 0; p < usable.length; p++) {
    const i = usable[p]!;
    if (!known[i]!.mine) continue;
    if (pacer.due()) await pacer.pause();
    signal?.throwIfAborted();
    const est = usable.map((j) => (j === i ? NaN : quickLookSimilarity(known[i]!.look, known[j]!.look)));
    const ranked = est.filter((e) => !Number.isNaN(e)).sort((x, y) => y - x);
    const bar = ranked.length >= GROUPING.shortlist ? ranked[GROUPING.shortlist - 1]! : -Infinity;
    bars.set(i, bar);
    for (let q = 0; q < usable.length; q++) {
      const e = est[q]!;
      if (q === p || e < floor) continue;
      const j = usable[q]!;
      const other = known[j]!;
      if (e >= bar || (Math.abs(q - p) <= GROUPING.neighbours && other.block === known[i]!.block) || (!other.mine && e >= other.bar)) want(i, j);
    }
  }
  const out: LookPair[] = [];
  for (const [i, j] of pairs) {
    if (pacer.due()) await pacer.pause();
    signal?.throwIfAborted();
    const a = known[i]!.look;
    const b = known[j]!.look;
    const s = lookScores(a, b);
    out.push([a.id!, b.id!, s.setup, s.scene]);
  }
  return { pairs: out, bars };
}
