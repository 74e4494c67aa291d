// Keyframe descriptors on pictures made in JS: one "place" filmed wide, medium and close, under
// other exposure, against other places.
import { describe, expect, it } from "vitest";
import { describeKeyframe, keyframeSimilarity, quickZoomMatch, zoomMatch, type RgbImage } from "@/lib/analysis/scenes/keyframe-descriptor";
import { lookSimilarity } from "@/lib/analysis/scenes/shot-similarity";
import { groupByLook } from "@/lib/analysis/visual/group-shots";
import { rng } from "../helpers/rng";

type Place = (x: number, y: number) => [number, number, number];

/** A place: coloured blobs of several sizes over a tinted, shaded background (coordinates 0..1). */
function place(seed: number): Place {
  const r = rng(seed);
  const blobs = Array.from({ length: 14 }, () => ({ x: r(), y: r(), s: 0.02 + r() * 0.12, c: [r() * 255, r() * 255, r() * 255] }));
  const base = [40 + r() * 160, 40 + r() * 160, 40 + r() * 160];
  return (x, y) => {
    const out = base.map((v) => v * (0.7 + 0.3 * y));
    for (const b of blobs) {
      const d2 = ((x - b.x) * 16) ** 2 / 81 + (y - b.y) ** 2;
      const k = Math.exp(-d2 / (2 * b.s * b.s));
      for (let c = 0; c < 3; c++) out[c] = out[c]! * (1 - k) + b.c[c]! * k;
    }
    return out as [number, number, number];
  };
}

/** A 96×54 view of the place centred on (cx, cy), `zoom`× in, under `gain` exposure. */
function view(p: Place, cx: number, cy: number, zoom: number, gain = 1): RgbImage {
  const w = 96, h = 54;
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const px = cx + ((x + 0.5) / w - 0.5) / zoom;
      const py = cy + ((y + 0.5) / h - 0.5) / zoom;
      const v = p(px, py);
      for (let c = 0; c < 3; c++) rgb[(y * w + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(v[c]! * gain)));
    }
  }
  return { rgb, width: w, height: h };
}

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

  it("is symmetric and 1-ish for the same picture", () => {
    expect(keyframeSimilarity(wide, wide).score).toBeGreaterThan(0.97);
    expect(keyframeSimilarity(wide, close).score).toBeCloseTo(keyframeSimilarity(close, wide).score, 6);
  });

  it("groups the three framings as one set-up and leaves the other places alone", () => {
    const looks = [wide, others[0]!, medium, others[1]!, close].map((keyframe) => ({ feature: null, keyframe }));
    const g = groupByLook(looks);
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

  it("groups the three framings from a shortlist of one partner per shot", () => {
    const looks = [wide, others[0]!, medium, others[1]!, close, others[2]!].map((keyframe) => ({ feature: null, keyframe }));
    const g = groupByLook(looks, undefined, { shortlist: 1, neighbours: 0 });
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
