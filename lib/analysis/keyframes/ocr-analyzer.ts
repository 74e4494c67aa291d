// Offline OCR as a per-keyframe analyzer (the engine itself lives in lib/analysis/visual/ocr.ts),
// behind a text gate: a keyframe without text-like strokes (text-likeness.ts) is checked and
// recorded as such, not run through OCR (~0.3 s of CPU each, bench/pipeline).
import { ocrUnavailableReason, recognizeText, type OcrLine } from "@/lib/analysis/visual/ocr";
import { probeTextLikeness } from "@/lib/analysis/visual/text-likeness";
import { keyframeImages, takeOcrFrame } from "./keyframe-images";
import type { KeyframeAnalyzer } from "./pool";

/**
 * Below this text-likeness a keyframe is not read (calibrated with bench/pipeline/text-gate.ts:
 * the lowest score where OCR read any text was ~1.8× higher).
 */
export const OCR_TEXT_GATE = 0.04;

export interface OcrRead {
  lines: OcrLine[];
  /** False when the text gate found no text-like strokes and OCR did not run. */
  read: boolean;
  /** The keyframe's text-likeness score (see text-likeness.ts). */
  textLikeness: number;
}

/** An OCR outcome as kept: `OcrRead`, or (runs before the gate) the lines alone. */
export function asOcrRead(value: unknown): OcrRead {
  if (Array.isArray(value)) return { lines: value as OcrLine[], read: true, textLikeness: NaN };
  return value as OcrRead;
}

export const ocrAnalyzer: KeyframeAnalyzer<OcrRead> = {
  name: "ocr",
  unavailable: () => ocrUnavailableReason(),
  analyze: async (kf, signal) => {
    const images = await keyframeImages(kf.file, signal);
    const frame = takeOcrFrame(images);
    const textLikeness = Math.round(probeTextLikeness(images.probe) * 10000) / 10000;
    if (textLikeness < OCR_TEXT_GATE) return { lines: [], read: false, textLikeness };
    return { lines: await recognizeText(kf.file, frame, signal), read: true, textLikeness };
  },
};
