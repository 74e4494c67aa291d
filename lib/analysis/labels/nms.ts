// Several looks at one picture (whole, mirrored, zoomed regions: detector.ts `detectPasses`) fused
// into one list: per class, boxes that overlap are one object (non-maximum suppression across the
// passes), its confidence the highest any pass gave, and how many passes saw it.
import type { DetectPass, RawObject } from "./detector";

export interface FusedObject extends RawObject {
  /** How many passes found this object (one box each at most). */
  support: number;
}

/** Intersection over union of two [x, y, w, h] boxes. */
export function iou(a: readonly number[], b: readonly number[]): number {
  const x0 = Math.max(a[0]!, b[0]!);
  const y0 = Math.max(a[1]!, b[1]!);
  const x1 = Math.min(a[0]! + a[2]!, b[0]! + b[2]!);
  const y1 = Math.min(a[1]! + a[3]!, b[1]! + b[3]!);
  const inter = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  const union = a[2]! * a[3]! + b[2]! * b[3]! - inter;
  return union > 0 ? inter / union : 0;
}

/** Share of the smaller box inside the larger (a zoomed pass sees only part of an object at the region's edge). */
function overlapOfSmaller(a: readonly number[], b: readonly number[]): number {
  const x0 = Math.max(a[0]!, b[0]!);
  const y0 = Math.max(a[1]!, b[1]!);
  const x1 = Math.min(a[0]! + a[2]!, b[0]! + b[2]!);
  const y1 = Math.min(a[1]! + a[3]!, b[1]! + b[3]!);
  const inter = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  const smaller = Math.min(a[2]! * a[3]!, b[2]! * b[3]!);
  return smaller > 0 ? inter / smaller : 0;
}

/** Boxes of one class at least this overlapping (IoU, or the smaller mostly inside the larger) are one object. */
export const NMS_IOU = 0.5;
const NMS_CONTAINED = 0.8;

/** Non-maximum suppression across passes: one entry per object, highest confidence first. */
export function fuseObjects(passes: readonly (readonly RawObject[])[]): FusedObject[] {
  const all = passes.flatMap((objs, p) => objs.map((o) => ({ o, p }))).sort((a, b) => b.o.confidence - a.o.confidence);
  const kept: { o: RawObject; passes: Set<number> }[] = [];
  for (const { o, p } of all) {
    const same = kept.find((k) => k.o.label === o.label && (iou(k.o.box, o.box) >= NMS_IOU || overlapOfSmaller(k.o.box, o.box) >= NMS_CONTAINED));
    if (same) same.passes.add(p);
    else kept.push({ o, passes: new Set([p]) });
  }
  return kept.map((k) => ({ ...k.o, support: k.passes.size }));
}

/** Every look the bench compares (bench/quality/labels.ts); the product uses `passesFor`. */
export function allPassesFor(width: number, height: number): DetectPass[] {
  const passes: DetectPass[] = [{ name: "whole" }, { name: "mirrored", flip: true }];
  if (width >= height) {
    const f = Math.min(1, Math.max(0.6, height / width));
    passes.push({ name: "left", region: [0, 0, f, 1] }, { name: "right", region: [1 - f, 0, f, 1] });
  } else {
    const f = Math.min(1, Math.max(0.6, width / height));
    passes.push({ name: "top", region: [0, 0, 1, f] }, { name: "bottom", region: [0, 1 - f, 1, f] });
  }
  passes.push({ name: "centre", region: [0.15, 0.15, 0.7, 0.7] }, { name: "out-1.6", zoomOut: 1.6 }, { name: "out-2.2", zoomOut: 2.2 });
  return passes;
}

/** The product's looks at a keyframe (chosen on bench/quality/labels.ts; see its README). */
export const PRODUCT_PASSES = ["whole", "out-1.6", "out-2.2"];

export function passesFor(width: number, height: number): DetectPass[] {
  return allPassesFor(width, height).filter((p) => PRODUCT_PASSES.includes(p.name));
}
