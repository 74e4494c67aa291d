// Offline objects and faces as a per-keyframe analyzer (the detector lives in lib/analysis/labels).
import { detectObjects, labelsUnavailableReason, type Detections } from "@/lib/analysis/labels";
import { keyframeImages } from "./keyframe-images";
import type { KeyframeAnalyzer } from "./pool";

export const labelsAnalyzer: KeyframeAnalyzer<Detections> = {
  name: "labels",
  unavailable: () => labelsUnavailableReason(),
  analyze: async (kf, signal) => detectObjects((await keyframeImages(kf.file, signal)).detector, signal),
};
