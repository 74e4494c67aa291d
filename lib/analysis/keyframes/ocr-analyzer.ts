// Offline OCR as a per-keyframe analyzer (the engine itself lives in lib/analysis/visual/ocr.ts).
import { ocrUnavailableReason, recognizeText, type OcrLine } from "@/lib/analysis/visual/ocr";
import type { KeyframeAnalyzer } from "./pool";

export const ocrAnalyzer: KeyframeAnalyzer<OcrLine[]> = {
  name: "ocr",
  unavailable: () => ocrUnavailableReason(),
  analyze: (kf) => recognizeText(kf.file),
};
