// The detector runs in the TF.js models' process (lib/ai/tfjs-models.child.cjs), loaded on first
// use, once per process, one image at a time. Images are decoded (and downscaled) by ffmpeg here,
// then handed over as raw RGB.
import { tfjsModels } from "@/lib/ai/tfjs-models";
import { ffmpegPath, runTool } from "@/lib/media/ffmpeg";

export interface Box4 {
  /** [x, y, width, height] as fractions of the image, 0..1. */
  box: [number, number, number, number];
  confidence: number;
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
const MAX_SIDE = 640;

/** Loads the models (once per process); rejects with the reason when they cannot be loaded. */
export function loadDetector(): Promise<void> {
  return tfjsModels.ask("detector-load", { floor: RAW_FLOOR }).then(() => undefined);
}

/** An image file decoded to RGB, its longer side at most MAX_SIDE pixels. */
export async function decodeRgb(file: string, signal?: AbortSignal): Promise<RgbImage> {
  const probe = await runTool(ffmpegPath(), ["-hide_banner", "-nostats", "-v", "info", "-i", file, "-frames:v", "1",
    "-vf", `scale='if(gt(iw,ih),min(${MAX_SIDE},iw),-2)':'if(gt(iw,ih),-2,min(${MAX_SIDE},ih))',showinfo`,
    "-f", "rawvideo", "-pix_fmt", "rgb24", "-"], { signal });
  const m = /\bs:(\d+)x(\d+)\b/.exec(probe.stderr) ?? /\bsize:\s*(\d+)x(\d+)/.exec(probe.stderr);
  if (!m) throw new Error("could not read the image size");
  const width = Number(m[1]);
  const height = Number(m[2]);
  if (probe.stdout.length !== width * height * 3) throw new Error("the image could not be decoded");
  return { data: new Uint8Array(probe.stdout.buffer, probe.stdout.byteOffset, probe.stdout.length), width, height };
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

/** Every detection at or above RAW_FLOOR, uncalibrated (for calibration and the thresholds). */
export async function detectRaw(input: string | RgbImage, signal?: AbortSignal): Promise<RawDetections> {
  const img = typeof input === "string" ? await decodeRgb(input, signal) : input;
  const { square, side, dx, dy } = letterbox(img);
  const raw = await tfjsModels.ask<RawDetections>("detect", { rgb: square, width: side, height: side, floor: RAW_FLOOR });
  const back = <T extends Box4>(d: T): T => ({ ...d, box: unbox(d.box, side, dx, dy, img.width, img.height) });
  return { objects: raw.objects.map(back), faces: raw.faces.map(back) };
}
