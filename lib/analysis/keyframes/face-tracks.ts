// Faces described once per track, not once per keyframe (issue 38). A face on a keyframe that is
// the same face, at the same place, as one already described on a nearby keyframe of the same run
// (the camera cut back to the same set-up, a jump cut, a shot split in two) takes that description
// instead of a new one: a description is a crop decode plus faceres in the TF.js process (~0.4 s
// of CPU a face). "The same face" is decided on the detector's picture the keyframe already has:
// the boxes overlap and the face's pixels match (a small grey patch, compared both in shape and in
// level), so a different person sitting where the last one sat is described anew.
import path from "node:path";
import type { RgbImage } from "@/lib/analysis/labels/detector";
import { iou } from "@/lib/analysis/labels/nms";

/** Keyframes at most this many seconds apart can share a face track. */
export const TRACK_SECONDS = 30;
/** Boxes of one track overlap at least this much (intersection over union). */
export const TRACK_IOU = 0.6;
/** Side of the grey patch a face is compared by. */
export const PATCH_SIDE = 12;
/** Correlation of the two patches' shapes (mean and contrast removed) at least this. */
export const TRACK_CORRELATION = 0.9;
/** Mean absolute difference of the two patches' grey levels (0–255) at most this. */
export const TRACK_LEVEL_DIFF = 12;

export interface TrackedFace {
  time: number;
  box: readonly [number, number, number, number];
  patch: Float32Array;
  descriptor: Float32Array;
}

/** The face at `box` ([x, y, w, h] fractions) of `img` as a PATCH_SIDE² grey patch (box averages). */
export function facePatch(img: RgbImage, box: readonly [number, number, number, number]): Float32Array {
  const out = new Float32Array(PATCH_SIDE * PATCH_SIDE);
  const x0 = box[0] * img.width;
  const y0 = box[1] * img.height;
  const cw = (box[2] * img.width) / PATCH_SIDE;
  const ch = (box[3] * img.height) / PATCH_SIDE;
  for (let py = 0; py < PATCH_SIDE; py++) {
    for (let px = 0; px < PATCH_SIDE; px++) {
      const ya = Math.max(0, Math.min(img.height - 1, Math.floor(y0 + py * ch)));
      const yb = Math.max(ya + 1, Math.min(img.height, Math.ceil(y0 + (py + 1) * ch)));
      const xa = Math.max(0, Math.min(img.width - 1, Math.floor(x0 + px * cw)));
      const xb = Math.max(xa + 1, Math.min(img.width, Math.ceil(x0 + (px + 1) * cw)));
      let sum = 0;
      for (let y = ya; y < yb; y++) {
        for (let x = xa; x < xb; x++) {
          const o = (y * img.width + x) * 3;
          sum += 0.299 * img.data[o]! + 0.587 * img.data[o + 1]! + 0.114 * img.data[o + 2]!;
        }
      }
      out[py * PATCH_SIDE + px] = sum / ((yb - ya) * (xb - xa));
    }
  }
  return out;
}

/** Whether two grey patches show the same face: same shape (correlation) and same levels. */
export function samePatch(a: Float32Array, b: Float32Array): boolean {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  let level = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]!;
    mb += b[i]!;
    level += Math.abs(a[i]! - b[i]!);
  }
  if (level / n > TRACK_LEVEL_DIFF) return false;
  ma /= n;
  mb /= n;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return aa > 0 && bb > 0 && ab / Math.sqrt(aa * bb) >= TRACK_CORRELATION;
}

/** Whether the face `face` continues the track of the described face `known`. */
export function sameTrack(known: Omit<TrackedFace, "descriptor">, face: Omit<TrackedFace, "descriptor">): boolean {
  return Math.abs(known.time - face.time) <= TRACK_SECONDS && iou(known.box, face.box) >= TRACK_IOU && samePatch(known.patch, face.patch);
}

/** Described faces kept per run (a run's keyframe stills share a folder); the oldest runs are forgotten. */
const RUNS_KEPT = 4;
const FACES_KEPT = 256;
const runs = new Map<string, TrackedFace[]>();

/** The described faces of the run whose keyframe still is `file`. */
export function faceTracks(file: string): { find(face: Omit<TrackedFace, "descriptor">): TrackedFace | null; add(face: TrackedFace): void } {
  const key = path.dirname(file);
  let faces = runs.get(key);
  if (!faces) {
    faces = [];
    runs.set(key, faces);
    for (const k of runs.keys()) if (runs.size > RUNS_KEPT) runs.delete(k);
  }
  const list = faces;
  return {
    find: (face) => {
      let best: TrackedFace | null = null;
      for (const k of list) if (sameTrack(k, face) && (!best || Math.abs(k.time - face.time) < Math.abs(best.time - face.time))) best = k;
      return best;
    },
    add: (face) => {
      list.push(face);
      if (list.length > FACES_KEPT) list.shift();
    },
  };
}
