// A cheap test of whether a keyframe may carry legible text, run before OCR (which costs ~1–2 s of
// CPU per keyframe): printed and rendered text is a dense row of strokes — the level jumps one way
// and, within a few pixels, back to about where it was (ink on a background). The image is read
// at TEXT_PROBE_WIDTH px wide in Y, Cb and Cr (yellow on white differs mostly in Cb); in each
// 24×16 block the strokes across rows and columns are counted, and the score is the best pair of
// neighbouring blocks in a row (a word spans blocks), in the plane where it is highest. Smooth
// footage, faces and sky score near 0; captions, signs and pages high; fine textures (foliage,
// stars, a photo's sharp detail) also score high and are simply read. Calibrated with
// bench/pipeline/text-gate.ts on the pipeline bench's shots and bench/quality's OCR photos.
import { decodeImage, type DecodedImage, type ImageOutput } from "@/lib/media/image-decode";

/** Width of the image the test reads (the 960 px keyframe halved: text 10 px tall stays ≥ 5 px). */
export const TEXT_PROBE_WIDTH = 480;
/** Level step (0–255) that counts as a stroke edge (the grain of a clean picture stays below). */
const EDGE = 36;
/** The widest stroke counted, in pixels at the probe width (a letter's stem, not a wall). */
const MAX_STROKE = 6;
/** A stroke returns to within this share of its edge's step of the level before it. */
const RETURN = 0.5;
const BLOCK_W = 24;
const BLOCK_H = 16;

/**
 * Strokes along `n` lines of `len` samples (`at(line, k)`), each counted in `block(line, k)`.
 */
function countStrokes(n: number, len: number, at: (line: number, k: number) => number, block: (line: number, k: number) => number, counts: Float64Array): void {
  for (let i = 0; i < n; i++) {
    let k = 1;
    while (k < len) {
      const d = at(i, k) - at(i, k - 1);
      if (d < EDGE && d > -EDGE) {
        k++;
        continue;
      }
      let back = -1;
      for (let j = k + 1; j < len && j <= k + MAX_STROKE; j++) {
        const e = at(i, j) - at(i, j - 1);
        if ((d > 0 && e <= -EDGE) || (d < 0 && e >= EDGE)) {
          back = j;
          break;
        }
      }
      if (back < 0) {
        k++;
        continue;
      }
      if (Math.abs(at(i, k - 1) - at(i, back)) <= RETURN * Math.abs(d)) counts[block(i, k)]!++;
      k = back + 1;
    }
  }
}

/** Strokes per pair of neighbouring blocks at best, per pixel: 0 for a flat plane, ~0.07–0.3 where there is text. */
export function planeTextLikeness(plane: Uint8Array, width: number, height: number): number {
  const bw = Math.floor(width / BLOCK_W);
  const bh = Math.floor(height / BLOCK_H);
  if (bw < 1 || bh < 1) return 0;
  const w = bw * BLOCK_W;
  const h = bh * BLOCK_H;
  const counts = new Float64Array(bw * bh);
  countStrokes(h, w, (y, x) => plane[y * width + x] ?? 0, (y, x) => Math.floor(y / BLOCK_H) * bw + Math.floor(x / BLOCK_W), counts);
  countStrokes(w, h, (x, y) => plane[y * width + x] ?? 0, (x, y) => Math.floor(y / BLOCK_H) * bw + Math.floor(x / BLOCK_W), counts);
  let best = 0;
  for (let by = 0; by < bh; by++) {
    if (bw === 1) best = Math.max(best, (counts[by] ?? 0) / 2);
    for (let bx = 0; bx + 1 < bw; bx++) best = Math.max(best, (counts[by * bw + bx] ?? 0) + (counts[by * bw + bx + 1] ?? 0));
  }
  return best / (2 * BLOCK_W * BLOCK_H);
}

/** The highest of Y's, and Cb's and Cr's (their contrast doubled), for a yuv444p image. */
export function textLikeness(yuv: Uint8Array, width: number, height: number): number {
  const n = width * height;
  let best = planeTextLikeness(yuv.subarray(0, n), width, height);
  for (let p = 1; p < 3; p++) {
    const chroma = yuv.subarray(p * n, (p + 1) * n);
    const stretched = new Uint8Array(n);
    for (let i = 0; i < n; i++) stretched[i] = Math.max(0, Math.min(255, ((chroma[i] ?? 0) - 128) * 2 + 128));
    best = Math.max(best, planeTextLikeness(stretched, width, height));
  }
  return best;
}

/** The image the test reads: yuv444p, TEXT_PROBE_WIDTH px wide (height to scale, even). */
export const TEXT_PROBE_OUTPUT: ImageOutput = { filter: `scale=${TEXT_PROBE_WIDTH}:-2:flags=area,format=yuv444p`, pixFmt: "yuv444p" };

/** The text-likeness of an image decoded as TEXT_PROBE_OUTPUT. */
export function probeTextLikeness(probe: DecodedImage): number {
  return textLikeness(probe.data, probe.width, probe.height);
}

/** The text-likeness of an image file (see textLikeness). */
export async function imageTextLikeness(file: string, signal?: AbortSignal): Promise<number> {
  const [probe] = await decodeImage(file, [TEXT_PROBE_OUTPUT], signal);
  return probeTextLikeness(probe!);
}
