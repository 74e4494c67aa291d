// Face grouping ("people across the video"): faces found by the product's detector on labelled
// photographs (people-set.ts), described by faceres as the pipeline does (lib/analysis/people),
// grouped by average linkage at a sweep of similarity thresholds; pairwise precision/recall/F1
// against the labels, and whether any two known people were merged.
//   bash bench/quality/fetch-media.sh && npx tsx --conditions=react-server bench/quality/people.ts
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { detectRaw } from "@/lib/analysis/labels/detector";
import { FACE_THRESHOLD } from "@/lib/analysis/labels";
import { describable, describeFaces } from "@/lib/analysis/people/describe";
import { clusterFaces, cosine } from "@/lib/analysis/people/cluster";
import { PERSON_SIMILARITY } from "@/lib/analysis/people/group";
import { PEOPLE_PHOTOS } from "./people-set";
import { media, pct } from "./metrics";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "va-bench-people-"));
const HUMAN = path.join(process.cwd(), "node_modules/@vladmandic/human/assets");

interface Face {
  photo: string;
  person: string | null;
  descriptor: Float32Array;
}
const faces: Face[] = [];
const missed: string[] = [];
for (const [i, p] of PEOPLE_PHOTOS.entries()) {
  let file = p.file.startsWith("human:") ? path.join(HUMAN, p.file.slice(6)) : media(p.file);
  const out = path.join(tmp, `${i}.png`);
  // Photos are placed on a 640×360 grey frame, as a video still would hold them.
  const vf = `${p.crop ? `crop=${p.crop},` : ""}scale=640:360:force_original_aspect_ratio=decrease,pad=640:360:(ow-iw)/2:(oh-ih)/2:gray,format=rgb24`;
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", file, "-vf", vf, "-frames:v", "1", out]);
  file = out;
  const det = await detectRaw(file);
  // The face of the labelled person: the largest confident one (each photo is framed on one person).
  const cands = det.faces.filter((f) => f.confidence >= FACE_THRESHOLD && describable(f.box, 640, 360));
  const face = cands.sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0];
  if (!face) {
    missed.push(`${p.photo} (no face found)`);
    continue;
  }
  const [d] = await describeFaces(file, [face.box]);
  if (!d) {
    missed.push(`${p.photo} (not described)`);
    continue;
  }
  faces.push({ photo: p.photo, person: p.person, descriptor: d.descriptor });
}

/** Pairwise scores over pairs whose truth is known (at least one face of a known person). */
function score(groups: number[][]) {
  const g = new Map<number, number>();
  groups.forEach((m, k) => m.forEach((i) => g.set(i, k)));
  let tp = 0, fp = 0, fn = 0;
  for (let i = 0; i < faces.length; i++) {
    for (let j = i + 1; j < faces.length; j++) {
      const a = faces[i]!.person, b = faces[j]!.person;
      if (a === null && b === null) continue;
      const same = a !== null && a === b;
      const together = g.get(i) === g.get(j);
      if (same && together) tp++;
      else if (together) fp++;
      else if (same) fn++;
    }
  }
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  const known = new Set(faces.flatMap((f) => (f.person ? [f.person] : [])));
  // Known people merged: a group holding faces of two different known people.
  const merged = groups.filter((m) => new Set(m.flatMap((i) => (faces[i]!.person ? [faces[i]!.person!] : []))).size > 1).length;
  return { tp, fp, fn, precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, merged, known: known.size };
}

console.log(`People: ${PEOPLE_PHOTOS.length} photographs, ${faces.length} faces described; missed: ${missed.join(", ") || "none"}`);
const known = [...new Set(faces.flatMap((f) => (f.person ? [f.person] : [])))];
for (const person of known) {
  const mine = faces.filter((f) => f.person === person);
  console.log(`  ${person}: ${mine.length} photographs`);
}
// Similarity spread: same person vs different known people.
const same: number[] = [];
const diff: number[] = [];
for (let i = 0; i < faces.length; i++) for (let j = i + 1; j < faces.length; j++) {
  const a = faces[i]!.person, b = faces[j]!.person;
  if (a === null && b === null) continue;
  (a !== null && a === b ? same : diff).push(cosine(faces[i]!.descriptor, faces[j]!.descriptor));
}
const q = (xs: number[], p: number) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
console.log(`cosine, same person: min ${q(same, 0).toFixed(3)} median ${q(same, 0.5).toFixed(3)} (${same.length} pairs); different: median ${q(diff, 0.5).toFixed(3)} max ${q(diff, 1).toFixed(3)} (${diff.length} pairs)`);
console.log("\nthreshold  precision  recall     F1  groups  known people merged");
for (const t of [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7]) {
  const groups = clusterFaces(faces.map((f) => ({ descriptor: f.descriptor, frame: f.photo })), t);
  const s = score(groups);
  console.log(`${t.toFixed(2).padStart(9)}  ${pct(s.precision).padStart(9)}  ${pct(s.recall).padStart(6)}  ${pct(s.f1).padStart(6)}  ${String(groups.length).padStart(6)}  ${s.merged} of ${s.known}${t === PERSON_SIMILARITY ? "   ← product threshold" : ""}`);
}
fs.rmSync(tmp, { recursive: true, force: true });
process.exit(0);
