// npx tsx bench/pipeline/labels-cost.ts DIR_OF_JPEG_STILLS — TF.js CPU of four ways of labelling the same keyframe stills, interleaved per still:
// a1b7c9b (one CenterNet + BlazeFace run), 1400c43 (whole + packed zoomed-out every time, BlazeFace
// alone when a person is shown), b9ad66d (zoomed-out only where the whole names nothing), and this
// tree's detectFused.
import fs from "node:fs";
import path from "node:path";
import { tfjsModels } from "@/lib/ai/tfjs-models";
import { detectFused, OBJECT_THRESHOLD } from "@/lib/analysis/labels";
import { decodeRgb, detectFaces, detectPasses, detectRaw } from "@/lib/analysis/labels/detector";
import { fuseObjects, passesFor } from "@/lib/analysis/labels/nms";
import { cpuSeconds } from "../quality/metrics";

const dir = process.argv[2]!;
const files = fs.readdirSync(dir).filter((f) => f.endsWith(".jpg")).sort();
const cpu = () => cpuSeconds(tfjsModels.pid()).live;
const ways: Record<string, (img: Awaited<ReturnType<typeof decodeRgb>>) => Promise<unknown>> = {
  "a1b7c9b: one run, faces beside": (img) => detectRaw(img),
  "1400c43: whole + zoomed-out always": async (img) => {
    const passes = await detectPasses(img, passesFor(img.width, img.height));
    const objects = fuseObjects(passes.map((p) => p.objects));
    if (objects.some((o) => o.label === "person" && o.confidence >= OBJECT_THRESHOLD)) await detectFaces(img);
  },
  "b9ad66d: zoomed-out only where whole names nothing": async (img) => {
    const all = passesFor(img.width, img.height);
    const found = await detectPasses(img, all.slice(0, 1));
    if (!found[0]!.objects.some((o) => o.confidence >= OBJECT_THRESHOLD)) found.push(...(await detectPasses(img, all.slice(1))));
    const objects = fuseObjects(found.map((p) => p.objects));
    if (objects.some((o) => o.label === "person" && o.confidence >= OBJECT_THRESHOLD)) await detectFaces(img);
  },
  "now: zoomed-out where whole names nothing but sees something": (img) => detectFused(img),
};
const total = new Map(Object.keys(ways).map((k) => [k, 0]));
const first = await decodeRgb(path.join(dir, files[0]!));
for (const w of Object.values(ways)) await w(first); // warm
for (const [i, f] of files.entries()) {
  const img = await decodeRgb(path.join(dir, f));
  const names = Object.keys(ways);
  for (let k = 0; k < names.length; k++) {
    const n = names[(k + i) % names.length]!;
    const c0 = cpu();
    await ways[n]!(img);
    total.set(n, total.get(n)! + cpu() - c0);
  }
}
for (const [n, s] of total) console.log(`${n.padEnd(50)} ${s.toFixed(2)} s TF.js CPU for ${files.length} stills (${((1000 * s) / files.length).toFixed(0)} ms each)`);
process.exit(0);
