import { detectRaw } from "@/lib/analysis/labels/detector";
import { describeFaces } from "@/lib/analysis/people/describe";
import { cosine } from "@/lib/analysis/people/cluster";
import { tfjsModels } from "@/lib/ai/tfjs-models";
const files = process.argv.slice(2);
const all: { f: string; i: number; d: Float32Array; box: number[] }[] = [];
for (const f of files) {
  const t0 = performance.now();
  const det = await detectRaw(f);
  const faces = det.faces.filter((x) => x.confidence >= 0.5);
  const t1 = performance.now();
  const ds = await describeFaces(f, faces.map((x) => x.box));
  console.log(f, faces.length, "faces", (t1 - t0).toFixed(0), "ms detect", (performance.now() - t1).toFixed(0), "ms describe", ds.map((d) => (d ? d.confidence : null)).join(","));
  ds.forEach((d, i) => d && all.push({ f, i, d: d.descriptor, box: faces[i]!.box }));
}
for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) {
  const s = cosine(all[i]!.d, all[j]!.d);
  if (s > 0.5) console.log(s.toFixed(3), all[i]!.f.split("/").pop(), all[i]!.i, all[j]!.f.split("/").pop(), all[j]!.i);
}
tfjsModels.stop?.();
process.exit(0);
