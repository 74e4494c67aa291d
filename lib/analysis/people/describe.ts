// Face descriptions (faceres, shipped in @vladmandic/human) for the faces the detector found on a
// keyframe. Each face is cut from the full-size still as a square around it (one ffmpeg decode for
// all the faces of a frame) so a small face is described from its own pixels, not from the
// detector's 512 px copy; the TF.js models' process finds the face again in each crop and
// describes it (lib/ai/tfjs-models.child.cjs, "describe-faces").
import { tfjsModels } from "@/lib/ai/tfjs-models";
import { RAW_FLOOR } from "@/lib/analysis/labels/detector";
import { decodeImage, type ImageOutput } from "@/lib/media/image-decode";

/** Side of a face crop, in pixels (faceres reads 224 × 224). */
export const CROP_SIDE = 224;
/** A crop is this many times the face box's longer side (BlazeFace needs some context around a face). */
const CROP_SCALE = 1.8;
/** Faces smaller than this share of the still's shorter side are too small to tell people apart. */
export const MIN_FACE_SHARE = 0.045;

export const FACE_DESCRIPTION_METHOD = "human_faceres_tfjs_wasm";

export interface FaceDescription {
  /** 1024 numbers; compared by cosine similarity. */
  descriptor: Float32Array;
  /** BlazeFace's confidence in the crop. */
  confidence: number;
}

const r4 = (v: number) => Math.round(v * 10000) / 10000;

/** The ffmpeg filter cutting a square around `box` ([x, y, w, h] as fractions) and scaling it to CROP_SIDE. */
export function faceCropFilter(box: readonly [number, number, number, number]): ImageOutput {
  const [x, y, w, h] = box;
  const cx = r4(x + w / 2);
  const cy = r4(y + h / 2);
  const side = `min(min(iw,ih),${CROP_SCALE}*max(${r4(w)}*iw,${r4(h)}*ih))`;
  return {
    filter:
      `crop=w='${side}':h='${side}':x='max(0,min(iw-ow,${cx}*iw-ow/2))':y='max(0,min(ih-oh,${cy}*ih-oh/2))',` +
      `scale=${CROP_SIDE}:${CROP_SIDE}:flags=bicubic`,
    pixFmt: "rgb24",
  };
}

/** Whether a face box ([x, y, w, h] as fractions of a width × height image) is large enough to describe. */
export function describable(box: readonly [number, number, number, number], width: number, height: number): boolean {
  return Math.max(box[2] * width, box[3] * height) >= MIN_FACE_SHARE * Math.min(width, height);
}

/** faceres descriptions of the faces `boxes` on the image file `file`, in order (null where none was found again). */
export async function describeFaces(file: string, boxes: readonly (readonly [number, number, number, number])[], signal?: AbortSignal): Promise<(FaceDescription | null)[]> {
  if (!boxes.length) return [];
  const crops = await decodeImage(file, boxes.map(faceCropFilter), signal);
  const res = await tfjsModels.ask<{ faces: (FaceDescription | null)[] }>(
    "describe-faces",
    { crops: crops.map((c) => ({ rgb: c.data, width: c.width, height: c.height })), floor: RAW_FLOOR },
    signal,
  );
  return res.faces;
}
