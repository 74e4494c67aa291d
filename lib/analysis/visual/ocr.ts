// Offline OCR of keyframes: PaddleOCR (PP-OCRv4 detection + recognition, ONNX) through
// @gutenye/ocr-common, in the ONNX models' process (lib/ai/onnx-host.child.mjs) with words
// separated as printed (ocr-decode.cjs). One engine per process, created on first use; calls run
// one at a time because onnxruntime already spreads one image over every core.
import { onnxHost } from "@/lib/ai/onnx-host";
import type { DecodedImage } from "@/lib/media/image-decode";
import { jpegFileSize } from "./jpeg-size";

export interface OcrLine {
  text: string;
  /** Axis-aligned box as fractions of the image: [left, top, right, bottom], 0..1. */
  box: [number, number, number, number];
  /** The recogniser's mean character confidence, 0..1. */
  score: number;
}

interface RawLine {
  text: string;
  mean: number;
  box?: number[][];
}

export const OCR_METHOD = "paddleocr_ppocrv4_onnx";

/** Lines below this confidence are mostly texture read as letters. */
const MIN_SCORE = 0.75;

let queue: Promise<unknown> = Promise.resolve();

/** Why OCR cannot run here, or null when it can (loads the models once). */
export async function ocrUnavailableReason(): Promise<string | null> {
  try {
    await onnxHost.ask("ocr-load");
    return null;
  } catch (err) {
    return `the offline OCR engine could not be loaded (${(err as Error).message.split("\n")[0]})`;
  }
}

/** A line's corners (pixels of the frame) → its axis-aligned box as fractions of the frame. */
function normaliseBox(points: number[][] | undefined, w: number, h: number): [number, number, number, number] {
  if (!points?.length || !w || !h) return [0, 0, 0, 0];
  const xs = points.map((p) => p[0] ?? 0);
  const ys = points.map((p) => p[1] ?? 0);
  const c = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000;
  return [c(Math.min(...xs) / w), c(Math.min(...ys) / h), c(Math.max(...xs) / w), c(Math.max(...ys) / h)];
}

/** Top to bottom; lines whose vertical centres are within half a line height read left to right. */
export function readingOrder(lines: OcrLine[]): OcrLine[] {
  const byTop = [...lines].sort((a, b) => a.box[1] - b.box[1] || a.box[0] - b.box[0]);
  const rows: OcrLine[][] = [];
  for (const l of byTop) {
    const mid = (l.box[1] + l.box[3]) / 2;
    const row = rows[rows.length - 1];
    const ref = row?.[0];
    if (ref && Math.abs(mid - (ref.box[1] + ref.box[3]) / 2) < (ref.box[3] - ref.box[1]) / 2) row.push(l);
    else rows.push([l]);
  }
  return rows.flatMap((r) => r.sort((a, b) => a.box[0] - b.box[0]));
}

/**
 * Text lines read from a JPEG, top to bottom; low-confidence and symbol-only lines dropped. With
 * `decoded` (the same file already decoded to RGBA) the OCR process reads those pixels instead of
 * decoding the file again. An abort of `signal` rejects at once (the process's answer is dropped).
 */
export function recognizeText(jpegPath: string, decoded?: DecodedImage | null, signal?: AbortSignal): Promise<OcrLine[]> {
  const job = queue.then(async () => {
    signal?.throwIfAborted();
    const size = decoded ? { width: decoded.width, height: decoded.height } : ((await jpegFileSize(jpegPath)) ?? { width: 0, height: 0 });
    const { lines: raw } = await onnxHost.ask<{ lines: RawLine[] }>("ocr", decoded ? { file: jpegPath, image: decoded } : { file: jpegPath }, signal);
    const lines: OcrLine[] = [];
    for (const r of raw) {
      const text = (r.text ?? "").replace(/\s+/g, " ").trim();
      if (text.length < 2 || !/[\p{L}\p{N}]/u.test(text) || !(r.mean >= MIN_SCORE)) continue;
      lines.push({ text, box: normaliseBox(r.box, size.width, size.height), score: Math.round(r.mean * 1000) / 1000 });
    }
    return readingOrder(lines);
  });
  queue = job.catch(() => undefined);
  return job;
}
