// Offline objects and faces as a per-keyframe analyzer (the detector lives in lib/analysis/labels);
// with face grouping on (FACE_GROUPING, lib/analysis/people), each face large enough to tell
// people apart also gets its faceres description, for grouping faces into people across the video:
// once per face track (face-tracks.ts), a face seen again at the same place on a nearby keyframe
// taking the description it was given there.
import { detectObjects, labelsUnavailableReason, type Detections } from "@/lib/analysis/labels";
import { describable, describeFaces } from "@/lib/analysis/people/describe";
import { faceGroupingEnabled } from "@/lib/analysis/people/group";
import { facePatch, faceTracks } from "./face-tracks";
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
    const tracks = faceTracks(kf.file);
    const seen = which.map((i) => ({ time: kf.time, box: det.faces[i]!.box, patch: facePatch(img, det.faces[i]!.box) }));
    const known = seen.map((s) => tracks.find(s));
    const fresh = which.filter((_, k) => !known[k]);
    const described = await describeFaces(kf.file, fresh.map((i) => det.faces[i]!.box), signal);
    const faces = [...det.faces];
    which.forEach((fi, k) => {
      const descriptor = known[k]?.descriptor ?? described[fresh.indexOf(fi)]?.descriptor;
      if (!descriptor) return;
      faces[fi] = { ...faces[fi]!, descriptor };
      if (!known[k]) tracks.add({ ...seen[k]!, descriptor });
    });
    return { ...det, faces };
  },
};
