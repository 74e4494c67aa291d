// The detector runs in the TF.js models' process (lib/ai/tfjs-models.child.cjs), loaded on first
// use, once per process, one image at a time. Images are decoded (and downscaled) by ffmpeg here,
// then handed over as raw RGB.
import { tfjsModels } from "@/lib/ai/tfjs-models";
import { decodeImage, type ImageOutput } from "@/lib/media/image-decode";

export interface Box4 {
  /** [x, y, width, height] as fractions of the image, 0..1. */
  box: [number, number, number, number];
  confidence: number;
  /** A face's faceres description (lib/analysis/people), when one was asked for. */
  descriptor?: Float32Array;
}
export interface RawObject extends Box4 {
  label: string;
}
export interface RawDetections {
  objects: RawObject[];
  faces: Box4[];
}
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Everything at or above this comes back from the models' process; thresholds are applied afterwards. */
export const RAW_FLOOR = 0.1;
/** Longer side of the image the detector sees (CenterNet works at 512 px). */
export const DETECTOR_SIDE = 512;

/** Loads the models (once per process); rejects with the reason when they cannot be loaded. */
export function loadDetector(): Promise<void> {
  return tfjsModels.ask("detector-load", { floor: RAW_FLOOR }).then(() => undefined);
}

/** The image the detector is given: RGB, its longer side at most DETECTOR_SIDE pixels. */
export const DETECTOR_OUTPUT: ImageOutput = {
  filter: `scale='if(gt(iw,ih),min(${DETECTOR_SIDE},iw),-2)':'if(gt(iw,ih),-2,min(${DETECTOR_SIDE},ih))'`,
  pixFmt: "rgb24",
};

/** An image file decoded as DETECTOR_OUTPUT. */
export async function decodeRgb(file: string, signal?: AbortSignal): Promise<RgbImage> {
  const [img] = await decodeImage(file, [DETECTOR_OUTPUT], signal);
  return img!;
}

/**
 * The image centred on a grey square. The models take a square input and Human stretches what it
 * gets: a 16:9 frame squashed that way loses most of its people (measured: 5 faces close up went
 * from no person ≥ 0.5 to five at 0.59–0.74 once letterboxed).
 */
export function letterbox(img: RgbImage): { square: Uint8Array; side: number; dx: number; dy: number } {
  const side = Math.max(img.width, img.height);
  const dx = Math.floor((side - img.width) / 2);
  const dy = Math.floor((side - img.height) / 2);
  const square = new Uint8Array(side * side * 3).fill(114);
  for (let y = 0; y < img.height; y++) {
    square.set(img.data.subarray(y * img.width * 3, (y + 1) * img.width * 3), ((y + dy) * side + dx) * 3);
  }
  return { square, side, dx, dy };
}

function unbox(box: [number, number, number, number], side: number, dx: number, dy: number, w: number, h: number): [number, number, number, number] {
  const r = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000;
  const x0 = r((box[0] * side - dx) / w);
  const y0 = r((box[1] * side - dy) / h);
  const x1 = r(((box[0] + box[2]) * side - dx) / w);
  const y1 = r(((box[1] + box[3]) * side - dy) / h);
  return [x0, y0, r(x1 - x0), r(y1 - y0)];
}

/**
 * The COCO-80 object detectors of the TF.js models' process: Human's CenterNet (the product's), and
 * NanoDet, only for bench/quality/labels.ts when VA_NANODET_MODEL names its model file (measured, not taken).
 */
export type ObjectModel = "centernet" | "nanodet";

/** What one detector run looks for: objects (with `model`), faces, or both (the default). */
export interface RunWhat {
  model?: ObjectModel;
  objects?: boolean;
  faces?: boolean;
}

/** Every detection at or above RAW_FLOOR, uncalibrated (for calibration and the thresholds). */
export async function detectRaw(input: string | RgbImage, signal?: AbortSignal, what: RunWhat = {}): Promise<RawDetections> {
  const { model = "centernet", objects = true, faces = true } = what;
  const img = typeof input === "string" ? await decodeRgb(input, signal) : input;
  const { square, side, dx, dy } = letterbox(img);
  const raw = await tfjsModels.ask<RawDetections>("detect", { rgb: square, width: side, height: side, floor: RAW_FLOOR, model, objects, faces }, signal);
  const back = <T extends Box4>(d: T): T => ({ ...d, box: unbox(d.box, side, dx, dy, img.width, img.height) });
  return { objects: raw.objects.map(back), faces: raw.faces.map(back) };
}

/** Faces (BlazeFace) on the whole picture, no objects: a run of its own costs less than with CenterNet. */
export async function detectFaces(img: RgbImage, signal?: AbortSignal): Promise<Box4[]> {
  return (await detectRaw(img, signal, { objects: false })).faces;
}

/** One look at the picture: a region of it ([x, y, w, h] fractions; whole when absent), mirrored or not. */
export interface DetectPass {
  name: string;
  region?: [number, number, number, number];
  flip?: boolean;
  /** > 1: the picture is shrunk to 1/zoomOut of the detector's square, on grey (close-ups fill a frame the way COCO's objects rarely do). */
  zoomOut?: number;
}

/** `img` resized to width × height, bilinear (TF.js resizeBilinear's sampling: corners not aligned, no half-pixel centres). */
export function resizeRgb(img: RgbImage, width: number, height: number): RgbImage {
  const data = new Uint8Array(width * height * 3);
  const sx = img.width / width;
  const sy = img.height / height;
  const src = img.data;
  for (let y = 0; y < height; y++) {
    const fy = y * sy;
    const y0 = Math.floor(fy);
    const y1 = Math.min(img.height - 1, y0 + 1);
    const wy = fy - y0;
    for (let x = 0; x < width; x++) {
      const fx = x * sx;
      const x0 = Math.floor(fx);
      const x1 = Math.min(img.width - 1, x0 + 1);
      const wx = fx - x0;
      const a = (y0 * img.width + x0) * 3;
      const b = (y0 * img.width + x1) * 3;
      const c = (y1 * img.width + x0) * 3;
      const d = (y1 * img.width + x1) * 3;
      const o = (y * width + x) * 3;
      for (let k = 0; k < 3; k++) {
        const top = src[a + k]! + (src[b + k]! - src[a + k]!) * wx;
        const bottom = src[c + k]! + (src[d + k]! - src[c + k]!) * wx;
        data[o + k] = Math.round(top + (bottom - top) * wy);
      }
    }
  }
  return { data, width, height };
}

/** Grey (CenterNet's letterbox colour) between the copies of a packed square must be at least this wide, in pixels. */
export const PACK_GAP = 24;

/** Where each zoomed-out copy sits on the detector's square: [x, y, width, height] in pixels. */
export type Place = [number, number, number, number];

/**
 * The zoomed-out looks `factors` at `img` drawn on one DETECTOR_SIDE square: each copy at its own
 * scale (its longer side DETECTOR_SIDE / factor, as if the picture were shrunk on grey by that
 * factor), stacked across the picture's shorter side with at least PACK_GAP of grey around each.
 * One detector run then reads every copy (CenterNet reads its 512 px square at one cost whatever
 * it holds). Null when the copies do not fit (a near-square picture): each look then runs alone.
 */
export function packZoomOuts(img: RgbImage, factors: readonly number[]): { canvas: RgbImage; places: Place[] } | null {
  const S = DETECTOR_SIDE;
  const landscape = img.width >= img.height;
  const sizes = factors.map((f) => {
    const k = S / f / Math.max(img.width, img.height);
    return [Math.max(1, Math.round(img.width * k)), Math.max(1, Math.round(img.height * k))] as const;
  });
  const along = (s: readonly [number, number]) => (landscape ? s[1] : s[0]);
  const free = S - sizes.reduce((sum, s) => sum + along(s), 0);
  const gap = Math.floor(free / (sizes.length + 1));
  if (gap < PACK_GAP) return null;
  const data = new Uint8Array(S * S * 3).fill(114);
  const places: Place[] = [];
  let at = gap;
  for (const [w, h] of sizes) {
    const copy = resizeRgb(img, w, h);
    const x = landscape ? Math.floor((S - w) / 2) : at;
    const y = landscape ? at : Math.floor((S - h) / 2);
    for (let row = 0; row < h; row++) data.set(copy.data.subarray(row * w * 3, (row + 1) * w * 3), ((y + row) * S + x) * 3);
    places.push([x, y, w, h]);
    at += (landscape ? h : w) + gap;
  }
  return { canvas: { data, width: S, height: S }, places };
}

/**
 * A box found on a packed square ([x, y, w, h] fractions of it) as a box of the copy at `place`, in
 * the picture's fractions; null when its centre is not on that copy. Clipped to the copy.
 */
export function boxFromPlace(box: readonly number[], place: Place): [number, number, number, number] | null {
  const S = DETECTOR_SIDE;
  const [px, py, pw, ph] = place;
  const cx = (box[0]! + box[2]! / 2) * S;
  const cy = (box[1]! + box[3]! / 2) * S;
  if (cx < px || cx > px + pw || cy < py || cy > py + ph) return null;
  const r = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000;
  const x0 = r((box[0]! * S - px) / pw);
  const y0 = r((box[1]! * S - py) / ph);
  const x1 = r(((box[0]! + box[2]!) * S - px) / pw);
  const y1 = r(((box[1]! + box[3]!) * S - py) / ph);
  return [x0, y0, r(x1 - x0), r(y1 - y0)];
}

/** The pixels of `region` of `img`, mirrored left-right when `flip`. */
export function cutRegion(img: RgbImage, region: [number, number, number, number] | undefined, flip = false): RgbImage {
  const [rx, ry, rw, rh] = region ?? [0, 0, 1, 1];
  const x0 = Math.max(0, Math.round(rx * img.width));
  const y0 = Math.max(0, Math.round(ry * img.height));
  const w = Math.max(1, Math.min(img.width - x0, Math.round(rw * img.width)));
  const h = Math.max(1, Math.min(img.height - y0, Math.round(rh * img.height)));
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const src = ((y0 + y) * img.width + x0) * 3;
    if (!flip) data.set(img.data.subarray(src, src + w * 3), y * w * 3);
    else {
      for (let x = 0; x < w; x++) {
        const s = src + (w - 1 - x) * 3;
        const d = (y * w + x) * 3;
        data[d] = img.data[s]!;
        data[d + 1] = img.data[s + 1]!;
        data[d + 2] = img.data[s + 2]!;
      }
    }
  }
  return { data, width: w, height: h };
}

/** A box found in `pass` back in the whole picture's fractions. */
export function boxFromPass(box: [number, number, number, number], pass: DetectPass, img: RgbImage): [number, number, number, number] {
  const [rx, ry, rw, rh] = pass.region ?? [0, 0, 1, 1];
  // The region as actually cut (whole pixels).
  const x0 = Math.round(rx * img.width) / img.width;
  const y0 = Math.round(ry * img.height) / img.height;
  const w = Math.min(1 - x0, Math.round(rw * img.width) / img.width);
  const h = Math.min(1 - y0, Math.round(rh * img.height) / img.height);
  const bx = pass.flip ? 1 - box[0] - box[2] : box[0];
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return [r(x0 + bx * w), r(y0 + box[1] * h), r(box[2] * w), r(box[3] * h)];
}

/** A look at the picture shrunk on grey (DetectPass.zoomOut). */
export const isZoomedOut = (p: DetectPass) => (p.zoomOut ?? 1) > 1;
/** Faces are looked for on the whole picture only (the only look whose faces are used). */
const isWhole = (p: DetectPass) => !p.region && !p.flip && !isZoomedOut(p);

export interface PassOptions {
  model?: ObjectModel;
  /** Zoomed-out looks share one detector run when they fit on one square (packZoomOuts); default true. */
  pack?: boolean;
  /** Faces on the whole look in the same run (CenterNet only); default false (see detectFaces). */
  faces?: boolean;
}

/**
 * Raw objects of each pass, boxes in the whole picture's fractions (and faces on the whole look
 * with `faces`). Zoomed-out looks share one detector run when they fit on one square (`pack`);
 * otherwise each runs on a square of its own.
 */
export async function detectPasses(img: RgbImage, passes: readonly DetectPass[], signal?: AbortSignal, opts: PassOptions = {}): Promise<RawDetections[]> {
  const { model = "centernet", pack = true, faces = false } = opts;
  const out: RawDetections[] = new Array(passes.length);
  const zoomed = passes.flatMap((p, i) => (isZoomedOut(p) ? [i] : []));
  const square = (group: number[]) => packZoomOuts(img, group.map((i) => passes[i]!.zoomOut!));
  // All zoomed-out looks on one square when they fit; else each on its own (one copy always fits).
  const together = pack && zoomed.length > 1 ? square(zoomed) : null;
  const squares = together ? [{ group: zoomed, packed: together }] : zoomed.map((i) => ({ group: [i], packed: square([i])! }));
  for (const { group, packed } of squares) {
    const raw = await detectRaw(packed.canvas, signal, { model, faces: false });
    group.forEach((i, k) => {
      const objects = raw.objects.flatMap((o) => {
        const box = boxFromPlace(o.box, packed.places[k]!);
        return box ? [{ ...o, box }] : [];
      });
      out[i] = { objects, faces: [] };
    });
  }
  for (const [i, pass] of passes.entries()) {
    if (out[i]) continue;
    const sub = pass.region || pass.flip ? cutRegion(img, pass.region, pass.flip) : img;
    const raw = await detectRaw(sub, signal, { model, faces: faces && model === "centernet" && isWhole(pass) });
    const back = <T extends Box4>(d: T): T => ({ ...d, box: boxFromPass(d.box, pass, img) });
    out[i] = { objects: raw.objects.map(back), faces: raw.faces.map(back) };
  }
  return out;
}
