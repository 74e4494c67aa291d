// Dominant colours of an image: k-means over its pixels (deterministic seeding), clusters named
// with plain colour words and reported with their share of the frame.
import fs from "node:fs";
import { decodeImage, type ImageOutput } from "@/lib/media/image-decode";
import { item } from "@/lib/core/item";

export interface DominantColor {
  name: string;
  hex: string;
  /** Fraction of the pixels, 0..1. */
  share: number;
}

/** Images decoded lately, by file (with its size and mtime) and output size: at most this many. */
const RGB_CACHE_MAX = 512;
const rgbCache = new Map<string, Promise<Uint8Array>>();

/**
 * Decodes an image file to packed RGB at w×h (area-averaged). A file decoded lately (the same
 * keyframe still read by visual elements' read-ahead, scenes and grouped shots) is not decoded
 * again: each caller gets its own copy of the remembered pixels.
 */
export async function readImageRgb(file: string, w = 96, h = 54, signal?: AbortSignal): Promise<Uint8Array> {
  const key = await rgbCacheKey(file, w, h);
  let p = key ? rgbCache.get(key) : undefined;
  if (p && key) {
    // Most recently used last.
    rgbCache.delete(key);
    rgbCache.set(key, p);
  } else {
    p = decodeImageRgb(file, w, h, signal);
    if (key) remember(key, p);
  }
  return (await p).slice();
}

/** The pixels of `file` at w×h when this process decoded or was given them lately (never decodes). */
export async function rememberedImageRgb(file: string, w: number, h: number): Promise<Uint8Array | null> {
  const key = await rgbCacheKey(file, w, h);
  const p = key ? rgbCache.get(key) : undefined;
  return p ? (await p.catch(() => null))?.slice() ?? null : null;
}

/** Keeps pixels of `file` at w×h decoded elsewhere (as rgbOutput(w, h)) for readImageRgb. */
export async function rememberImageRgb(file: string, w: number, h: number, rgb: Uint8Array): Promise<void> {
  const key = await rgbCacheKey(file, w, h);
  if (key && !rgbCache.has(key)) remember(key, Promise.resolve(rgb.slice()));
}

async function rgbCacheKey(file: string, w: number, h: number): Promise<string | null> {
  const st = await fs.promises.stat(file).catch(() => null);
  return st ? `${file}|${st.size}|${st.mtimeMs}|${w}x${h}` : null;
}

function remember(key: string, p: Promise<Uint8Array>): void {
  rgbCache.set(key, p);
  p.catch(() => rgbCache.delete(key));
  for (const k of rgbCache.keys()) if (rgbCache.size > RGB_CACHE_MAX) rgbCache.delete(k);
}

/** An image scaled to w×h (area-averaged), packed RGB: what readImageRgb returns. */
export function rgbOutput(w: number, h: number): ImageOutput {
  return { filter: `scale=${w}:${h}:flags=area`, pixFmt: "rgb24" };
}

async function decodeImageRgb(file: string, w: number, h: number, signal?: AbortSignal): Promise<Uint8Array> {
  const [img] = await decodeImage(file, [rgbOutput(w, h)], signal);
  return img!.data;
}

const hex2 = (v: number) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, "0");
export const toHex = (r: number, g: number, b: number) => `#${hex2(r)}${hex2(g)}${hex2(b)}`;

function rgbToHsl(r: number, g: number, b: number): { h: number; s: number; l: number } {
  r /= 255;
  g /= 255;
  b /= 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  h *= 60;
  if (h < 0) h += 360;
  return { h, s, l };
}

/** A plain English name for an RGB colour ("dark blue", "light grey", "orange", …). */
export function colorName(r: number, g: number, b: number): string {
  const { h, s, l } = rgbToHsl(r, g, b);
  if (l < 0.1) return "black";
  if (l > 0.93 && s < 0.5) return "white";
  // Chroma (not HSL saturation) decides greyness: very dark or light colours have high s anyway.
  const chroma = (Math.max(r, g, b) - Math.min(r, g, b)) / 255;
  if (chroma < 0.1 || s < 0.12) return l < 0.3 ? "dark grey" : l > 0.7 ? "light grey" : "grey";
  let hue: string;
  if (h < 15 || h >= 345) hue = "red";
  else if (h < 40) hue = l < 0.4 || (s < 0.5 && l < 0.55) ? "brown" : "orange";
  else if (h < 67) hue = l < 0.35 ? "olive" : s < 0.45 && l > 0.6 ? "beige" : "yellow";
  else if (h < 160) hue = "green";
  else if (h < 195) hue = "cyan";
  else if (h < 255) hue = "blue";
  else if (h < 320) hue = "purple";
  else hue = "magenta";
  if ((hue === "red" || hue === "magenta") && l > 0.7) return "pink";
  if (hue === "brown" || hue === "olive" || hue === "beige") return hue;
  if (l < 0.3) return `dark ${hue}`;
  if (l > 0.72) return `light ${hue}`;
  return hue;
}

/** mulberry32: a fixed seed keeps the clustering identical on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DominantColorOptions {
  /** Clusters (default 5). */
  k?: number;
  /** Colours covering less than this share are left out (default 0.04). */
  minShare?: number;
  /** At most this many colours are reported (default 4). */
  max?: number;
}

/** Dominant colours of packed RGB pixels, largest share first; clusters with the same name merge. */
export function dominantColors(rgb: Uint8Array, opts: DominantColorOptions = {}): DominantColor[] {
  const n = Math.floor(rgb.length / 3);
  if (!n) return [];
  const k = Math.min(opts.k ?? 5, n);
  const rand = rng(0x5eed);
  // k-means++ seeding.
  const centers: number[][] = [];
  const first = Math.floor(rand() * n);
  centers.push([rgb[first * 3] ?? 0, rgb[first * 3 + 1] ?? 0, rgb[first * 3 + 2] ?? 0]);
  const dist = new Float64Array(n).fill(Infinity);
  while (centers.length < k) {
    const c = item(centers, centers.length - 1);
    let total = 0;
    for (let i = 0; i < n; i++) {
      const dr = (rgb[i * 3] ?? 0) - (c[0] ?? 0), dg = (rgb[i * 3 + 1] ?? 0) - (c[1] ?? 0), db = (rgb[i * 3 + 2] ?? 0) - (c[2] ?? 0);
      const d = dr * dr + dg * dg + db * db;
      if (d < (dist[i] ?? 0)) dist[i] = d;
      total += dist[i] ?? 0;
    }
    if (total === 0) break; // fewer distinct colours than k
    let target = rand() * total;
    let pick = n - 1;
    for (let i = 0; i < n; i++) {
      target -= dist[i] ?? 0;
      if (target <= 0) {
        pick = i;
        break;
      }
    }
    centers.push([rgb[pick * 3] ?? 0, rgb[pick * 3 + 1] ?? 0, rgb[pick * 3 + 2] ?? 0]);
  }
  const assign = new Int32Array(n);
  const sums = centers.map(() => [0, 0, 0, 0]);
  for (let iter = 0; iter < 25; iter++) {
    let changed = 0;
    for (const s of sums) s.fill(0);
    for (let i = 0; i < n; i++) {
      const r = rgb[i * 3] ?? 0, g = rgb[i * 3 + 1] ?? 0, b = rgb[i * 3 + 2] ?? 0;
      let best = 0;
      let bestD = Infinity;
      for (let j = 0; j < centers.length; j++) {
        const c = item(centers, j);
        const d = (r - (c[0] ?? 0)) ** 2 + (g - (c[1] ?? 0)) ** 2 + (b - (c[2] ?? 0)) ** 2;
        if (d < bestD) {
          bestD = d;
          best = j;
        }
      }
      if (assign[i] !== best || iter === 0) changed++;
      assign[i] = best;
      const s = item(sums, best);
      s[0] = (s[0] ?? 0) + r;
      s[1] = (s[1] ?? 0) + g;
      s[2] = (s[2] ?? 0) + b;
      s[3] = (s[3] ?? 0) + 1;
    }
    for (let j = 0; j < centers.length; j++) {
      const s = item(sums, j);
      if (s[3]) centers[j] = [(s[0] ?? 0) / s[3], (s[1] ?? 0) / s[3], (s[2] ?? 0) / s[3]];
    }
    if (!changed) break;
  }
  // Merge clusters that read as the same colour word; the merged colour is their weighted mean.
  const byName = new Map<string, { r: number; g: number; b: number; count: number }>();
  for (let j = 0; j < centers.length; j++) {
    const count = item(sums, j)[3];
    if (!count) continue;
    const [r, g, b] = centers[j] as [number, number, number];
    const name = colorName(r, g, b);
    const m = byName.get(name) ?? { r: 0, g: 0, b: 0, count: 0 };
    m.r += r * count;
    m.g += g * count;
    m.b += b * count;
    m.count += count;
    byName.set(name, m);
  }
  const minShare = opts.minShare ?? 0.04;
  return [...byName.entries()]
    .map(([name, m]) => ({
      name,
      hex: toHex(m.r / m.count, m.g / m.count, m.b / m.count),
      share: Math.round((m.count / n) * 1000) / 1000,
    }))
    .filter((c) => c.share >= minShare)
    .sort((a, b) => b.share - a.share || a.name.localeCompare(b.name))
    .slice(0, opts.max ?? 4);
}
