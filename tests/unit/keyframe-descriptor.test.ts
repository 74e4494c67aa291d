// Keyframe descriptors on pictures made in JS: one "place" filmed wide, medium and close, under
// other exposure, against other places.
import { describe, expect, it } from "vitest";
import { describeKeyframe, keyframeSimilarity, quickZoomMatch, zoomMatch, type RgbImage } from "@/lib/analysis/scenes/keyframe-descriptor";
import { lookSimilarity } from "@/lib/analysis/scenes/shot-similarity";
import { groupByLook } from "@/lib/analysis/visual/group-shots";
import { glowWithStripes, place, view } from "../helpers/places";

describe("keyframe descriptors", () => {
  const A = place(1);
  const wide = describeKeyframe(view(A, 0.5, 0.5, 1));
  const medium = describeKeyframe(view(A, 0.45, 0.55, 2, 1.2));
  const close = describeKeyframe(view(A, 0.55, 0.45, 3.5, 0.85));
  const others = [2, 3, 4, 5, 6].map((s) => describeKeyframe(view(place(s), 0.5, 0.5, 1)));

  it("matches a wide shot with a medium and a close-up of the same place under other exposure", () => {
    for (const d of [medium, close]) {
      const s = keyframeSimilarity(wide, d);
      expect(s.zoom).toBeGreaterThan(0.85);
    }
    const worstSame = Math.min(keyframeSimilarity(wide, medium).score, keyframeSimilarity(wide, close).score, keyframeSimilarity(medium, close).score);
    const bestOther = Math.max(...others.map((o) => keyframeSimilarity(wide, o).score), ...others.map((o) => keyframeSimilarity(close, o).score));
    expect(worstSame).toBeGreaterThan(bestOther + 0.1);
  });

  it("scores detail apart from broad layout: a shared soft glow alone is no match on detail, one place's framings are", () => {
    // Same glow, same colour, stripes at right angles: the whole-window zoom match finds the glow.
    const s = keyframeSimilarity(describeKeyframe(glowWithStripes("vertical")), describeKeyframe(glowWithStripes("horizontal")));
    expect(s.score).toBeGreaterThan(0.65);
    expect(s.detailScore).toBeLessThan(0.6);
    expect(s.detailScore).toBeLessThan(s.score - 0.1);
    for (const [a, b] of [[wide, medium], [wide, close], [medium, close]]) {
      const t = keyframeSimilarity(a!, b!);
      expect(t.detailScore).toBeGreaterThan(0.85);
      expect(t.detailScore).toBeGreaterThan(t.score - 0.01);
    }
  });

  it("is symmetric and 1-ish for the same picture", () => {
    expect(keyframeSimilarity(wide, wide).score).toBeGreaterThan(0.97);
    expect(keyframeSimilarity(wide, close).score).toBeCloseTo(keyframeSimilarity(close, wide).score, 6);
  });

  it("groups the three framings as one set-up and leaves the other places alone", async () => {
    const looks = [wide, others[0]!, medium, others[1]!, close].map((keyframe) => ({ feature: null, keyframe }));
    const g = await groupByLook(looks);
    expect(g.groups.map((x) => x.shots)).toEqual([[0, 2, 4]]);
    expect(g.singles).toEqual([1, 3]);
    expect(lookSimilarity(looks[0]!, looks[4]!)).toBeGreaterThan(0.7);
  });

  it("estimates cheaply (signatures) what the zoom search finds: same place above other places, never far above the search", () => {
    const worstSame = Math.min(quickZoomMatch(wide, medium), quickZoomMatch(wide, close));
    const bestOther = Math.max(...others.map((o) => quickZoomMatch(wide, o)), ...others.map((o) => quickZoomMatch(close, o)));
    expect(worstSame).toBeGreaterThan(bestOther);
    for (const [a, b] of [[wide, medium], [wide, close], [wide, others[0]], [close, others[1]]]) {
      expect(quickZoomMatch(a!, b!)).toBeLessThan(zoomMatch(a!, b!) + 0.1);
    }
  });

  it("groups the three framings from a shortlist of one partner per shot", async () => {
    const looks = [wide, others[0]!, medium, others[1]!, close, others[2]!].map((keyframe) => ({ feature: null, keyframe }));
    const g = await groupByLook(looks, undefined, { shortlist: 1, neighbours: 0 });
    expect(g.groups.map((x) => x.shots)).toEqual([[0, 2, 4]]);
    expect(g.fullPairs).toBeLessThanOrEqual(6);
  });

  it("copes with a flat black frame", () => {
    const blackImg: RgbImage = { rgb: new Uint8Array(96 * 54 * 3), width: 96, height: 54 };
    const d = describeKeyframe(blackImg);
    expect(d.meanLuma).toBe(0);
    const s = keyframeSimilarity(d, wide);
    expect(Number.isFinite(s.score)).toBe(true);
    expect(s.score).toBeLessThan(0.5);
  });
});
