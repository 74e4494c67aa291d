// Offline visual labels: precision and recall of the object detector on hand-labelled real photos
// (labels-set.ts) at a sweep of confidence thresholds, the threshold the product uses, face counts,
// time per image and the memory the detector adds.
//   bash bench/quality/fetch-media.sh && npx tsx bench/quality/labels.ts
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { tfjsModels } from "@/lib/ai/tfjs-models";
import { decodeRgb, detectPasses, type RawDetections } from "@/lib/analysis/labels/detector";
import { allPassesFor, fuseObjects, PRODUCT_PASSES } from "@/lib/analysis/labels/nms";
import { applyThresholds, OBJECT_THRESHOLD } from "@/lib/analysis/labels";
import { LABELLED_PHOTOS } from "./labels-set";
import { media, pct, processMemory } from "./metrics";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "va-bench-labels-"));
const rss0 = processMemory("self").rss;
const raw: { photo: (typeof LABELLED_PHOTOS)[number]; det: RawDetections; passes: Map<string, RawDetections>; ms: number }[] = [];
/** The looks compared (nms.ts): the product's (`PRODUCT_PASSES`) first, then whole only (before issue 28), then others. */
const CHOICES: string[][] = [PRODUCT_PASSES, ["whole"], ["whole", "mirrored"], ["whole", "left", "right"], ["whole", "out-1.6"], ["whole", "left", "right", "out-1.6", "out-2.2"]];
for (const [i, photo] of LABELLED_PHOTOS.entries()) {
  let file = media(photo.file);
  if (photo.at !== undefined) {
    const out = path.join(tmp, `${i}.jpg`);
    // Seek after -i: exact, never a garbled frame.
    execFileSync("ffmpeg", ["-v", "error", "-y", "-i", file, "-ss", String(photo.at), "-frames:v", "1", "-q:v", "2", out]);
    file = out;
  }
  const t0 = performance.now();
  const img = await decodeRgb(file);
  const all = allPassesFor(img.width, img.height);
  const results = await detectPasses(img, all);
  const passes = new Map(all.map((p, k) => [p.name, results[k]!]));
  const det = fused(passes, PRODUCT_PASSES);
  raw.push({ photo, det, passes, ms: performance.now() - t0 });
}
// This process and the TF.js models' process the detector runs in.
const rss1 = processMemory("self").rss + processMemory(tfjsModels.pid()).rss;

/** A look by name; a portrait picture's zoomed regions are "top" and "bottom" where a landscape one has "left" and "right". */
function look(passes: Map<string, RawDetections>, n: string): RawDetections {
  return (passes.get(n) ?? passes.get(n === "left" ? "top" : n === "right" ? "bottom" : n))!;
}

/** Objects fused across the named passes (faces from the whole picture). */
function fused(passes: Map<string, RawDetections>, names: readonly string[]): RawDetections {
  return { objects: fuseObjects(names.map((n) => look(passes, n).objects)), faces: passes.get("whole")!.faces };
}

function score(threshold: number, names: readonly string[] = PRODUCT_PASSES) {
  let tp = 0;
  let fp = 0;
  let truth = 0;
  const wrong: string[] = [];
  for (const { photo, passes } of raw) {
    const det = fused(passes, names);
    const found = new Set(det.objects.filter((o) => o.confidence >= threshold).map((o) => o.label));
    truth += photo.objects.length;
    for (const label of found) {
      if (photo.objects.includes(label)) tp++;
      else if (!photo.ignore?.includes(label)) {
        fp++;
        wrong.push(`${path.basename(photo.file)}${photo.at !== undefined ? `@${photo.at}s` : ""}: ${label}`);
      }
    }
  }
  return { tp, fp, truth, precision: tp + fp ? tp / (tp + fp) : 1, recall: tp / truth, wrong };
}

console.log(`Labels: ${raw.length} hand-labelled real photos, ${raw.reduce((s, r) => s + r.photo.objects.length, 0)} (photo, COCO class) pairs present`);
console.log("Per (photo, class) pair: a class reported at or above the threshold is right when labelled present.\n");
for (const names of CHOICES) {
  console.log(`\nlooks: ${names.join(" + ")}${names === PRODUCT_PASSES ? "   (the product's)" : ""}`);
  console.log("threshold  precision  recall   TP  FP");
  for (const t of [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65]) {
    const s = score(t, names);
    console.log(`${t.toFixed(2).padStart(9)}  ${pct(s.precision).padStart(9)}  ${pct(s.recall).padStart(6)}  ${String(s.tp).padStart(3)} ${String(s.fp).padStart(3)}${t === OBJECT_THRESHOLD ? "   ← product threshold" : ""}`);
  }
}
const chosen = score(OBJECT_THRESHOLD);
console.log(`\nAt ${OBJECT_THRESHOLD}: precision ${pct(chosen.precision)}, recall ${pct(chosen.recall)}; wrong: ${chosen.wrong.join(", ") || "none"}`);

// What the product shows (thresholds, person-gated faces): per photo, and face counts.
let faceRight = 0;
console.log("\nphoto: shown labels | faces shown / true");
for (const { photo, det } of raw) {
  const shown = applyThresholds(det);
  if (shown.faces.length === photo.faces) faceRight++;
  const maybe = shown.candidates?.length ? ` (maybe: ${shown.candidates.map((o) => `${o.label} ${o.confidence}`).join(", ")})` : "";
  console.log(`  ${path.basename(photo.file)}${photo.at !== undefined ? `@${photo.at}s` : ""}: ${shown.objects.map((o) => `${o.label} ${o.confidence}`).join(", ") || "—"}${maybe} | ${shown.faces.length} / ${photo.faces}`);
}
console.log(`\nFace count exact on ${faceRight} of ${raw.length} photos`);
const ms = raw.map((r) => r.ms).sort((a, b) => a - b);
console.log(`time per image (all ${allPassesFor(16, 9).length} looks): median ${ms[ms.length >> 1]!.toFixed(0)} ms (first, with model load: ${raw[0]!.ms.toFixed(0)} ms; load average ${os.loadavg()[0]!.toFixed(1)})`);
console.log(`RSS growth with the detector loaded (this process + the TF.js models' process): ${((rss1 - rss0) / 2 ** 20).toFixed(0)} MB`);
fs.rmSync(tmp, { recursive: true, force: true });
