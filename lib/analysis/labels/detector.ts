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

/** Every detection at or above RAW_FLOOR, uncalibrated (for calibration and the thresholds); faces only when `faces` is not false. */
export async function detectRaw(input: string | RgbImage, signal?: AbortSignal, model: ObjectModel = "centernet", faces = true): Promise<RawDetections> {
  const img = typeof input === "string" ? await decodeRgb(input, signal) : input;
  const { square, side, dx, dy } = letterbox(img);
  const raw = await tfjsModels.ask<RawDetections>("detect", { rgb: square, width: side, height: side, floor: RAW_FLOOR, model, faces }, signal);
  const back = <T extends Box4>(d: T): T => ({ ...d, box: unbox(d.box, side, dx, dy, img.width, img.height) });
  return { objects: raw.objects.map(back), faces: raw.faces.map(back) };
}

/** One look at the picture: a region of it ([x, y, w, h] fractions; whole when absent), mirrored or not. */
export interface DetectPass {
  name: string;
  region?: [number, number, number, number];
  flip?: boolean;
  /** > 1: the picture is shrunk to 1/zoomOut of the detector's square, on grey (close-ups fill a frame the way COCO's objects rarely do). */
  zoomOut?: number;
}

/** `img` centred on a grey canvas `f` times its size. */
export function padOut(img: RgbImage, f: number): RgbImage {
  const width = Math.round(img.width * f);
  const height = Math.round(img.height * f);
  const data = new Uint8Array(width * height * 3).fill(114);
  const dx = Math.floor((width - img.width) / 2);
  const dy = Math.floor((height - img.height) / 2);
  for (let y = 0; y < img.height; y++) data.set(img.data.subarray(y * img.width * 3, (y + 1) * img.width * 3), ((y + dy) * width + dx) * 3);
  return { data, width, height };
}

/** A box on the grey canvas of padOut(img, f) back in the picture's fractions. */
function boxFromPadded(box: [number, number, number, number], img: RgbImage, f: number): [number, number, number, number] {
  const W = Math.round(img.width * f);
  const H = Math.round(img.height * f);
  const dx = Math.floor((W - img.width) / 2);
  const dy = Math.floor((H - img.height) / 2);
  const r = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000;
  const x0 = r((box[0] * W - dx) / img.width);
  const y0 = r((box[1] * H - dy) / img.height);
  const x1 = r(((box[0] + box[2]) * W - dx) / img.width);
  const y1 = r(((box[1] + box[3]) * H - dy) / img.height);
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

/** Raw detections of each pass, boxes in the whole picture's fractions (faces with CenterNet only). */
export async function detectPasses(img: RgbImage, passes: readonly DetectPass[], signal?: AbortSignal, model: ObjectModel = "centernet"): Promise<RawDetections[]> {
  const out: RawDetections[] = [];
  for (const pass of passes) {
    if (pass.zoomOut && pass.zoomOut > 1) {
      const f = pass.zoomOut;
      const raw = await detectRaw(padOut(img, f), signal, model, model === "centernet");
      const back = <T extends Box4>(d: T): T => ({ ...d, box: boxFromPadded(d.box, img, f) });
      out.push({ objects: raw.objects.map(back), faces: raw.faces.map(back) });
      continue;
    }
    const sub = pass.region || pass.flip ? cutRegion(img, pass.region, pass.flip) : img;
    const raw = await detectRaw(sub, signal, model, model === "centernet");
    const back = <T extends Box4>(d: T): T => ({ ...d, box: boxFromPass(d.box, pass, img) });
    out.push({ objects: raw.objects.map(back), faces: raw.faces.map(back) });
  }
  return out;
}
