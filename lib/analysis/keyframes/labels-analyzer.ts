// Offline objects and faces as a per-keyframe analyzer (the detector lives in lib/analysis/labels).
import { detectObjects, labelsUnavailableReason, type Detections } from "@/lib/analysis/labels";
import type { KeyframeAnalyzer } from "./pool";

export const labelsAnalyzer: KeyframeAnalyzer<Detections> = {
  name: "labels",
  unavailable: () => labelsUnavailableReason(),
  analyze: (kf, signal) => detectObjects(kf.file, signal),
};
