// Offline visual labels: precision and recall of the object detector on hand-labelled real photos
// (labels-set.ts) at a sweep of confidence thresholds, the threshold the product uses, face counts,
// time per image and the memory the detector adds.
//   bash bench/quality/fetch-media.sh && npx tsx bench/quality/labels.ts
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { tfjsModels } from "@/lib/ai/tfjs-models";
import { detectRaw, type RawDetections } from "@/lib/analysis/labels/detector";
import { applyThresholds, OBJECT_THRESHOLD } from "@/lib/analysis/labels";
import { LABELLED_PHOTOS } from "./labels-set";
import { media, pct, processMemory } from "./metrics";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "va-bench-labels-"));
const rss0 = processMemory("self").rss;
const raw: { photo: (typeof LABELLED_PHOTOS)[number]; det: RawDetections; ms: number }[] = [];
for (const [i, photo] of LABELLED_PHOTOS.entries()) {
  let file = media(photo.file);
  if (photo.at !== undefined) {
    const out = path.join(tmp, `${i}.jpg`);
    // Seek after -i: exact, never a garbled frame.
    execFileSync("ffmpeg", ["-v", "error", "-y", "-i", file, "-ss", String(photo.at), "-frames:v", "1", "-q:v", "2", out]);
    file = out;
  }
  const t0 = performance.now();
  const det = await detectRaw(file);
  raw.push({ photo, det, ms: performance.now() - t0 });
}
// This process and the TF.js models' process the detector runs in.
const rss1 = processMemory("self").rss + processMemory(tfjsModels.pid()).rss;

function score(threshold: number) {
  let tp = 0;
  let fp = 0;
  let truth = 0;
  const wrong: string[] = [];
  for (const { photo, det } of raw) {
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
console.log("threshold  precision  recall   TP  FP");
for (const t of [0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6]) {
  const s = score(t);
  console.log(`${t.toFixed(2).padStart(9)}  ${pct(s.precision).padStart(9)}  ${pct(s.recall).padStart(6)}  ${String(s.tp).padStart(3)} ${String(s.fp).padStart(3)}${t === OBJECT_THRESHOLD ? "   ← product threshold" : ""}`);
}
const chosen = score(OBJECT_THRESHOLD);
console.log(`\nAt ${OBJECT_THRESHOLD}: precision ${pct(chosen.precision)}, recall ${pct(chosen.recall)}; wrong: ${chosen.wrong.join(", ") || "none"}`);

// What the product shows (thresholds, person-gated faces): per photo, and face counts.
let faceRight = 0;
console.log("\nphoto: shown labels | faces shown / true");
for (const { photo, det } of raw) {
  const shown = applyThresholds(det);
  if (shown.faces.length === photo.faces) faceRight++;
  console.log(`  ${path.basename(photo.file)}${photo.at !== undefined ? `@${photo.at}s` : ""}: ${shown.objects.map((o) => `${o.label} ${o.confidence}`).join(", ") || "—"} | ${shown.faces.length} / ${photo.faces}`);
}
console.log(`\nFace count exact on ${faceRight} of ${raw.length} photos`);
const ms = raw.map((r) => r.ms).sort((a, b) => a - b);
console.log(`time per image: median ${ms[ms.length >> 1]!.toFixed(0)} ms (first, with model load: ${raw[0]!.ms.toFixed(0)} ms; load average ${os.loadavg()[0]!.toFixed(1)})`);
console.log(`RSS growth with the detector loaded (this process + the TF.js models' process): ${((rss1 - rss0) / 2 ** 20).toFixed(0)} MB`);
fs.rmSync(tmp, { recursive: true, force: true });
