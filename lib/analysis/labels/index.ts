// Offline visual labels: COCO-80 objects and human faces on a keyframe, shown only above
// thresholds calibrated on hand-labelled real photos (bench/quality/labels.ts), precision first.
import { decodeRgb, detectFaces, detectPasses, isZoomedOut, loadDetector, type Box4, type RawDetections, type RawObject, type RgbImage } from "./detector";
import { fuseObjects, passesFor, type FusedObject } from "./nms";

export type { RgbImage } from "./detector";
export { describeObjects } from "./describe";

export const LABELS_METHOD = "human_centernet_blazeface_tfjs_wasm";

/**
 * Objects below this confidence are not shown. On the 31 labelled photos (bench/quality/labels.ts)
 * 0.5 gave precision 0.90 (candy read as an orange at 0.51) and 0.55 gave 1.00 at the same recall.
 */
export const OBJECT_THRESHOLD = 0.55;
/** Faces below this are not counted; nor are faces outside every shown person (but see FACE_SURE). */
export const FACE_THRESHOLD = 0.5;
/**
 * A person the detector sees at least this much is possible: faces are looked for there, and a
 * face at FACE_SURE on such a person counts though the person is not shown. Megamind's woman in her
 * second shot (bench/shots' real set, 6.5–8.4 s): person 0.21–0.51, her face 0.88–0.92.
 */
export const PERSON_HINT = 0.2;
/**
 * A face at least this sure counts on a possible person (PERSON_HINT). The faces BlazeFace finds on
 * no person in bench/quality/labels and bench/pipeline's stills reach 0.78 (chelsea's cat), but on
 * a possible person only 0.53 (chicky_512's dog, person 0.21).
 */
export const FACE_SURE = 0.7;

/** Objects from at least this confidence up to the threshold are kept as candidates (named as "maybe", so a search still finds them). */
export const CANDIDATE_FLOOR = 0.3;

export type DetectedObject = RawObject & { support?: number };
export type DetectedFace = Box4;
export interface Detections {
  objects: DetectedObject[];
  faces: DetectedFace[];
  /** Objects just under the threshold (CANDIDATE_FLOOR ≤ confidence < OBJECT_THRESHOLD), not shown as facts. */
  candidates?: DetectedObject[];
}

function inside(face: Box4, person: Box4): boolean {
  const cx = face.box[0] + face.box[2] / 2;
  const cy = face.box[1] + face.box[3] / 2;
  const [x, y, w, h] = person.box;
  return cx >= x && cx <= x + w && cy >= y && cy <= y + h;
}

const possiblePerson = (o: { label: string; confidence: number }) => o.label === "person" && o.confidence >= PERSON_HINT;

/** What is shown of raw detections: confident objects, and confident faces on a shown person or sure faces on a possible one. */
export function applyThresholds(raw: RawDetections | { objects: DetectedObject[]; faces: Box4[] }): Detections {
  const objects = raw.objects.filter((o) => o.confidence >= OBJECT_THRESHOLD).sort((a, b) => b.confidence - a.confidence);
  const shown = new Set(objects.map((o) => o.label));
  // One candidate per class, and none of a class already shown.
  const candidates: DetectedObject[] = [];
  for (const o of [...raw.objects].sort((a, b) => b.confidence - a.confidence)) {
    if (o.confidence >= OBJECT_THRESHOLD || o.confidence < CANDIDATE_FLOOR || shown.has(o.label) || candidates.some((c) => c.label === o.label)) continue;
    candidates.push(o);
  }
  const people = objects.filter((o) => o.label === "person");
  const possible = raw.objects.filter(possiblePerson);
  // BlazeFace finds "faces" on cats, dogs and textures: a face counts only on a detected person,
  // shown, or possible when the face itself is sure.
  const faces = raw.faces.filter((f) => (f.confidence >= FACE_THRESHOLD && people.some((p) => inside(f, p))) || (f.confidence >= FACE_SURE && possible.some((p) => inside(f, p))));
  return { objects, faces, candidates };
}

/** Why the detector cannot run here, or null when it can (loads the models once per process). */
export async function labelsUnavailableReason(): Promise<string | null> {
  try {
    await loadDetector();
    return null;
  } catch (err) {
    return `the offline object detector could not be loaded (${(err as Error).message.split("\n")[0]})`;
  }
}

/**
 * The zoomed-out looks need the whole look to see something at least this much: on
 * bench/quality/labels every label they add is on a picture whose whole look peaks at 0.23 or more
 * (chicky_512's dog 0.23, realshort's vase 0.39, chelsea's cat 0.44), and none on the six that peak
 * lower; half of bench/pipeline's stills that name nothing peak under it (0.13–0.19: sky, a page,
 * a star field). Chosen on those sets (README of bench/quality).
 */
export const ZOOM_OUT_HINT = 0.2;

/**
 * Whether the zoomed-out looks are worth their detector run: only when the whole picture names
 * nothing (no object at OBJECT_THRESHOLD) but sees something (ZOOM_OUT_HINT). They are there for
 * close-ups that fill the frame the way COCO's objects rarely do, where the whole look finds
 * nothing to show; on bench/quality/labels every label they add is on such a picture (README), and
 * a keyframe the whole look already names, or sees nothing on, costs one CenterNet run, not two.
 */
export function zoomOutNeeded(whole: readonly { confidence: number }[]): boolean {
  return !whole.some((o) => o.confidence >= OBJECT_THRESHOLD) && whole.some((o) => o.confidence >= ZOOM_OUT_HINT);
}

/**
 * Every look at the picture (nms.ts `passesFor`: the whole picture, then the zoomed-out looks only
 * when it names nothing, `zoomOutNeeded`), objects fused across them; faces from the whole picture,
 * looked for only when a person is possible (PERSON_HINT: a face counts only on a person,
 * applyThresholds), in a run of their own: BlazeFace alone costs ~30 ms of CPU, beside CenterNet
 * ~60 ms more, and most keyframes show no person.
 */
export async function detectFused(input: string | RgbImage, signal?: AbortSignal): Promise<{ objects: FusedObject[]; faces: Box4[]; looks: string[] }> {
  const img = typeof input === "string" ? await decodeRgb(input, signal) : input;
  const all = passesFor(img.width, img.height);
  const whole = all.filter((p) => !isZoomedOut(p));
  const found = await detectPasses(img, whole, signal);
  const zoomOuts = found.every((p) => zoomOutNeeded(p.objects)) ? all.filter(isZoomedOut) : [];
  if (zoomOuts.length) found.push(...(await detectPasses(img, zoomOuts, signal)));
  const objects = fuseObjects(found.map((p) => p.objects));
  return { objects, faces: objects.some(possiblePerson) ? await detectFaces(img, signal) : [], looks: [...whole, ...zoomOuts].map((p) => p.name) };
}

/** Objects (COCO-80) and faces on an image file (JPEG, PNG…) or raw RGB, thresholds applied. */
export async function detectObjects(input: string | RgbImage, signal?: AbortSignal): Promise<Detections> {
  const { objects, faces } = await detectFused(input, signal);
  return applyThresholds({ objects, faces });
}
