import fs from "node:fs";
import { fuseObjects } from "@/lib/analysis/labels/nms";
const raw = JSON.parse(fs.readFileSync("/tmp/picture/labels-raw.json", "utf8")) as { photo: any; passes: { objects: any[] }[] }[];
const NAMES = ["whole", "mirrored", "A", "B", "centre"];
type Rule = (f: { confidence: number; support: number; top2: number }) => number;
function evalRule(S: number[], rule: Rule, t: number) {
  let tp = 0, fp = 0, truth = 0; const wrong: string[] = [];
  for (const { photo, passes } of raw) {
    const sel = S.map((i) => passes[i]!.objects);
    const fused = fuseObjects(sel);
    // top2: mean of the two highest per-pass confidences of the fused object's class overlapping
    const found = new Set<string>();
    for (const f of fused) {
      const per = sel.map((objs) => Math.max(0, ...objs.filter((o) => o.label === f.label && ov(o.box, f.box) > 0.3).map((o) => o.confidence))).sort((a, b) => b - a);
      const top2 = ((per[0] ?? 0) + (per[1] ?? 0)) / 2;
      if (rule({ confidence: f.confidence, support: f.support, top2 }) >= t) found.add(f.label);
    }
    truth += photo.objects.length;
    for (const l of found) { if (photo.objects.includes(l)) tp++; else if (!photo.ignore?.includes(l)) { fp++; wrong.push(`${photo.file.split("/").pop()}:${l}`); } }
  }
  return { p: tp + fp ? tp / (tp + fp) : 1, r: tp / truth, tp, fp, wrong };
}
function ov(a: number[], b: number[]) { const x0 = Math.max(a[0]!, b[0]!), y0 = Math.max(a[1]!, b[1]!), x1 = Math.min(a[0]! + a[2]!, b[0]! + b[2]!), y1 = Math.min(a[1]! + a[3]!, b[1]! + b[3]!); const i = Math.max(0, x1 - x0) * Math.max(0, y1 - y0); return i / Math.min(a[2]! * a[3]!, b[2]! * b[3]!); }
const sets: [string, number[]][] = [["whole", [0]], ["whole+mirror", [0, 1]], ["whole+tiles", [0, 2, 3]], ["whole+mirror+tiles", [0, 1, 2, 3]], ["all5", [0, 1, 2, 3, 4]], ["whole+centre", [0, 4]], ["whole+mirror+centre", [0, 1, 4]]];
const rules: [string, Rule][] = [["max", (f) => f.confidence], ["top2", (f) => f.top2], ["max,support2<0.55", (f) => (f.confidence >= 0.55 || f.support >= 2 ? f.confidence : 0)]];
for (const [sn, S] of sets) for (const [rn, rule] of rules) {
  const line = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55].map((t) => { const e = evalRule(S, rule, t); return `${t}:${(e.p * 100).toFixed(0)}/${(e.r * 100).toFixed(0)}`; }).join("  ");
  console.log(`${sn.padEnd(20)} ${rn.padEnd(18)} ${line}`);
}
const e = evalRule([0, 1, 2, 3, 4], (f) => f.top2, 0.4); console.log(e.wrong.join(", "));
// gated: extra passes only when the whole pass has a candidate in [g, 0.55)
for (const g of [0.15, 0.2, 0.25, 0.3]) for (const S of [[0, 2, 3], [0, 1, 2, 3]]) {
  let tp = 0, fp = 0, truth = 0, runs = 0; const wrong: string[] = [];
  for (const { photo, passes } of raw) {
    const gate = passes[0]!.objects.some((o: any) => o.confidence >= g && o.confidence < 0.55);
    if (gate) runs++;
    const fused = fuseObjects((gate ? S : [0]).map((i) => passes[i]!.objects));
    const found = new Set(fused.filter((f) => f.confidence >= 0.55).map((f) => f.label));
    truth += photo.objects.length;
    for (const l of found) { if (photo.objects.includes(l)) tp++; else if (!photo.ignore?.includes(l)) { fp++; wrong.push(`${photo.file.split("/").pop()}:${l}`); } }
  }
  console.log(`gate ${g} passes ${S.join("+")}: P ${(tp / (tp + fp)).toFixed(2)} R ${(tp / truth).toFixed(2)} (${tp}/${truth}) extra passes on ${runs}/${raw.length} photos; wrong ${wrong.join(", ")}`);
}
// misses
for (const { photo, passes } of raw) {
  const fused = fuseObjects(passes.map((p) => p.objects));
  for (const l of photo.objects) {
    const best = Math.max(0, ...fused.filter((f) => f.label === l).map((f) => f.confidence));
    const whole = Math.max(0, ...passes[0]!.objects.filter((f: any) => f.label === l).map((f: any) => f.confidence));
    if (best < 0.55) console.log(`miss ${photo.file.split("/").pop()}${photo.at ?? ""} ${l}: best ${best.toFixed(2)} whole ${whole.toFixed(2)}`);
  }
}
