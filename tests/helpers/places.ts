// Synthetic "places" for keyframe descriptors and grouping: coloured blobs over a tinted, shaded
// background, and 96×54 views of them at any framing and exposure. Used by
// tests/unit/keyframe-descriptor.test.ts and bench/scenes/grouping-scale.ts.
import type { RgbImage } from "@/lib/analysis/scenes/keyframe-descriptor";
import { rng } from "./rng";

export type Place = (x: number, y: number) => [number, number, number];

/** A place: coloured blobs of several sizes over a tinted, shaded background (coordinates 0..1). */
export function place(seed: number): Place {
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
export function view(p: Place, cx: number, cy: number, zoom: number, gain = 1): RgbImage {
  const w = 96, h = 54;
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = p(cx + ((x + 0.5) / w - 0.5) / zoom, cy + ((y + 0.5) / h - 0.5) / zoom);
      for (let c = 0; c < 3; c++) rgb[(y * w + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(v[c]! * gain)));
    }
  }
  return { rgb, width: w, height: h };
}

/**
 * A smooth, low-detail 96×54 picture — one soft warm glow on dark, like a dark close-up — with
 * fine stripes across it, vertical or horizontal: two such pictures share their broad
 * light-to-dark layout and colour, and nothing else.
 */
export function glowWithStripes(stripes: "vertical" | "horizontal"): RgbImage {
  const w = 96, h = 54;
  const tint = [1, 0.85, 0.7];
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const u = (x + 0.5) / w, v = (y + 0.5) / h;
      const glow = Math.exp(-((((u - 0.45) * 16) / 9) ** 2 + (v - 0.5) ** 2) / 0.18);
      const stripe = Math.sin(2 * Math.PI * 10 * (stripes === "vertical" ? u : (v * 9) / 16));
      for (let c = 0; c < 3; c++) rgb[(y * w + x) * 3 + c] = Math.max(0, Math.min(255, Math.round((30 + 150 * glow + 60 * stripe) * tint[c]!)));
    }
  }
  return { rgb, width: w, height: h };
}
