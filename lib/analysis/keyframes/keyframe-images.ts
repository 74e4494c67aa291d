// The images a keyframe still is read as — the text gate's probe, the detector's input, the 96×54
// colours of scenes, grouped shots and visual elements, and the full-size RGBA frame OCR reads —
// from one ffmpeg decode of the JPEG (an ffmpeg start alone is ~0.16 s of CPU, more than decoding
// a 960 px JPEG, so one decode per output would cost several times as much). The read-ahead asks
// for them as it picks a keyframe; the OCR gate and the labels then find them here. Only the last
// few are kept (the reads of a keyframe follow its pick closely); a keyframe no longer here is
// decoded again.
import { DETECTOR_OUTPUT, type RgbImage } from "@/lib/analysis/labels/detector";
import { rememberImageRgb, rgbOutput } from "@/lib/analysis/visual/colors";
import { TEXT_PROBE_OUTPUT } from "@/lib/analysis/visual/text-likeness";
import { decodeImage, type DecodedImage } from "@/lib/media/image-decode";

/** Size of the colours image (scenes' and grouped shots' descriptors read the same). */
export const COLOR_WIDTH = 96;
export const COLOR_HEIGHT = 54;
/** Keyframes whose images are kept (~0.85 MB each for a 960 px still, +2 MB until OCR took its frame). */
const KEEP = 16;

export interface KeyframeImages {
  /** yuv444p at the text gate's width (TEXT_PROBE_OUTPUT). */
  probe: DecodedImage;
  /** RGB at the detector's size (DETECTOR_OUTPUT). */
  detector: RgbImage;
  /** RGB at COLOR_WIDTH × COLOR_HEIGHT. */
  colors: Uint8Array;
  /** RGBA at the still's own size, for OCR; taken (set to null) by its one reader, `takeOcrFrame`. */
  frame: DecodedImage | null;
}

/** The full-size RGBA frame of `images`, once (it is the largest of them: not kept after). */
export function takeOcrFrame(images: KeyframeImages): DecodedImage | null {
  const frame = images.frame;
  images.frame = null;
  return frame;
}

/** The still as decoded, for OCR (which would otherwise start an ffmpeg of its own per keyframe). */
const FRAME_OUTPUT = { filter: "null", pixFmt: "rgba" } as const;

const kept = new Map<string, Promise<KeyframeImages>>();

async function decode(file: string, signal?: AbortSignal): Promise<KeyframeImages> {
  const [probe, detector, colors, frame] = await decodeImage(file, [TEXT_PROBE_OUTPUT, DETECTOR_OUTPUT, rgbOutput(COLOR_WIDTH, COLOR_HEIGHT), FRAME_OUTPUT], signal);
  // readImageRgb (scenes, grouped shots) finds the colours image without decoding again.
  await rememberImageRgb(file, COLOR_WIDTH, COLOR_HEIGHT, colors!.data);
  return { probe: probe!, detector: detector!, colors: colors!.data, frame: frame! };
}

/** The keyframe still `file` as the per-keyframe reads want it (one decode, remembered briefly). */
export function keyframeImages(file: string, signal?: AbortSignal): Promise<KeyframeImages> {
  let p = kept.get(file);
  if (p) return p;
  p = decode(file, signal);
  kept.set(file, p);
  p.catch(() => kept.delete(file));
  for (const k of kept.keys()) if (kept.size > KEEP) kept.delete(k);
  return p;
}
