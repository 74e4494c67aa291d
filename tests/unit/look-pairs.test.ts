// Shot-look comparisons made ahead of time (a chunk's, for the merge): which pairs a chunk makes,
// that the merge's memo takes them instead of comparing again, and only for descriptors that are
// exactly the ones the chunk compared.
import { describe, expect, it } from "vitest";
import { chunkLookPairs, knownLookPairs, lookupIn } from "@/lib/analysis/scenes/look-pairs";
import { describeShots, lookScores, memoizedLookScores, type ShotLookDescriptor } from "@/lib/analysis/scenes/shot-similarity";
import { detectScenes } from "@/lib/analysis/scenes/detect-scenes";
import { groupByLook } from "@/lib/analysis/visual/group-shots";
import type { ShotSpan } from "@/lib/analysis/visual/shot-spans";
import type { RgbImage } from "@/lib/analysis/scenes/keyframe-descriptor";
import { place, view } from "../helpers/places";
import { rng } from "../helpers/rng";

/** n one-second shots alternating among a few places at varied framings (a dialogue and its inserts). */
async function shotList(n: number, seed = 3): Promise<{ shots: ShotSpan[]; looks: ShotLookDescriptor[]; images: RgbImage[] }> {
  const r = rng(seed);
  const places = [0, 1, 2, 3].map((i) => place(100 * seed + i));
  const images = Array.from({ length: n }, (_, i) => view(places[(i % 2) + (i % 5 === 4 ? 2 : 0)]!, 0.5, 0.5, 1 + r(), 0.9 + 0.2 * r()));
  const shots: ShotSpan[] = images.map((_, i) => ({ index: i, start: i, end: i + 1, keyframeTime: i + 0.5 }));
  const looks = await describeShots([], shots, async (t) => images[Math.floor(t)]!);
  return { shots, looks, images };
}

describe("look pairs made ahead", () => {
  it("a chunk's comparisons are lookScores' own, and the merge's memo takes them for every pair scenes and grouped shots ask within it", async () => {
    const { shots, looks } = await shotList(14);
    const { pairs } = await chunkLookPairs(looks.map((look) => ({ look, mine: true, block: 0, bar: -Infinity })));
    expect(pairs.length).toBeGreaterThan(14);
    const byId = new Map(looks.map((l) => [l.id!, l]));
    for (const [a, b, setup, scene] of pairs) expect(lookScores(byId.get(a)!, byId.get(b)!)).toEqual({ setup, scene });

    const known = lookupIn(knownLookPairs(pairs))!;
    const asked: [number, number][] = [];
    const missed: [number, number][] = [];
    const similarity = memoizedLookScores((a, b) => {
      const ij: [number, number] = [looks.indexOf(a), looks.indexOf(b)];
      asked.push(ij);
      const v = known(a, b);
      if (!v) missed.push(ij);
      return v;
    });
    // As the modules ask: scenes over the neighbours (with each scene's set-ups), grouped shots over the shortlist.
    await detectScenes([], shots, [], looks, similarity);
    await groupByLook(looks, undefined, {}, similarity.setup);
    expect(asked.length).toBeGreaterThan(14);
    // A scene's own set-up count shortlists within the scene: a pair there may fall outside the chunk's.
    const sceneOnly = missed.filter(([i, j]) => Math.abs(i - j) > 4);
    expect(missed.length - sceneOnly.length).toBe(0);
  });

  it("a later chunk compares its shots with those of a chunk that ended before it, one pair at a time: never two of the other's", async () => {
    const { shots, looks } = await shotList(16);
    const firstHalf = looks.slice(0, 8).map((look) => ({ look, mine: true, block: 0, bar: -Infinity }));
    const first = await chunkLookPairs(firstHalf);
    expect(first.bars.size).toBe(8);
    // The second chunk knows the first's looks and bars; a third, unfinished, sits between nothing here.
    const known = [...firstHalf.map((k, i) => ({ ...k, mine: false, bar: first.bars.get(i)! })), ...looks.slice(8).map((look) => ({ look, mine: true, block: 0, bar: -Infinity }))];
    const second = await chunkLookPairs(known);
    const firstIds = new Set(looks.slice(0, 8).map((l) => l.id));
    expect(second.pairs.some(([a, b]) => firstIds.has(a) !== firstIds.has(b))).toBe(true);
    expect(second.pairs.every(([a, b]) => !(firstIds.has(a) && firstIds.has(b)))).toBe(true);

    // Together the two cover every pair the merge's scenes window and grouped shots ask.
    const lookup = lookupIn(knownLookPairs([...first.pairs, ...second.pairs]))!;
    const missed: [number, number][] = [];
    const similarity = memoizedLookScores((a, b) => {
      const v = lookup(a, b);
      if (!v) missed.push([looks.indexOf(a), looks.indexOf(b)]);
      return v;
    });
    await groupByLook(looks, undefined, {}, similarity.setup);
    expect(missed).toEqual([]);
    expect(shots).toHaveLength(16);
  });

  it("a descriptor of another picture has another id: a comparison made for the first is not taken for it", async () => {
    const { shots, looks, images } = await shotList(6);
    const { pairs } = await chunkLookPairs(looks.map((look) => ({ look, mine: true, block: 0, bar: -Infinity })));
    // The merged run sees shot 3 in a picture one pixel different: its id differs, so nothing is taken for it.
    const changed = images.map((img, i) => (i === 3 ? { ...img, rgb: img.rgb.map((v, k) => (k === 0 ? v ^ 1 : v)) } : img));
    const merged = await describeShots([], shots, async (t) => changed[Math.floor(t)]!);
    expect(merged[3]!.id).not.toBe(looks[3]!.id);
    expect(merged.filter((_, i) => i !== 3).map((l) => l.id)).toEqual(looks.filter((_, i) => i !== 3).map((l) => l.id));
    const known = lookupIn(knownLookPairs(pairs))!;
    expect(known(merged[2]!, merged[3]!)).toBeUndefined();
    expect(known(merged[1]!, merged[2]!)).toEqual(lookScores(looks[1]!, looks[2]!));
  });
});
