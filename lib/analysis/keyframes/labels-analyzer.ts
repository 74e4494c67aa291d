// Offline objects and faces as a per-keyframe analyzer (the detector lives in lib/analysis/labels);
// with face grouping on (FACE_GROUPING, lib/analysis/people), each face large enough to tell
// people apart also gets its faceres description, for grouping faces into people across the video.
import { detectObjects, labelsUnavailableReason, type Detections } from "@/lib/analysis/labels";
import { describable, describeFaces } from "@/lib/analysis/people/describe";
import { faceGroupingEnabled } from "@/lib/analysis/people/group";
import { keyframeImages } from "./keyframe-images";
import type { KeyframeAnalyzer } from "./pool";

export const labelsAnalyzer: KeyframeAnalyzer<Detections> = {
  name: "labels",
  unavailable: () => labelsUnavailableReason(),
  analyze: async (kf, signal) => {
    const img = (await keyframeImages(kf.file, signal)).detector;
    const det = await detectObjects(img, signal);
    if (!faceGroupingEnabled() || !det.faces.length) return det;
    const which = det.faces.flatMap((f, i) => (describable(f.box, img.width, img.height) ? [i] : []));
    if (!which.length) return det;
    const described = await describeFaces(kf.file, which.map((i) => det.faces[i]!.box), signal);
    const faces = [...det.faces];
    which.forEach((fi, k) => {
      const d = described[k];
      if (d) faces[fi] = { ...faces[fi]!, descriptor: d.descriptor };
    });
    return { ...det, faces };
  },
};
