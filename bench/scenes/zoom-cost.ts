// What the keyframe zoom search costs a pair (and describing a picture), on synthetic views of
// generated places (tests/helpers/places), against a baseline version of keyframe-descriptor.ts
// in the same process: both over the same pictures, interleaved, median of `rounds`.
//   git show REV:lib/analysis/scenes/keyframe-descriptor.ts > lib/analysis/scenes/kd-baseline.ts
//   npx tsx bench/scenes/zoom-cost.ts --baseline=lib/analysis/scenes/kd-baseline.ts [--rounds=5] [--pictures=40]
// (the copy sits beside the current file so its own imports resolve; delete it afterwards).
// Without --baseline it prints the current code's figures alone.
import path from "node:path";
import * as current from "@/lib/analysis/scenes/keyframe-descriptor";
import { place, view } from "../../tests/helpers/places";
import { rng } from "../../tests/helpers/rng";
import { median } from "../median";

type Descriptors = Pick<typeof current, "describeKeyframe" | "zoomMatchScores">;

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const rounds = Number(option("rounds") ?? 5);
const count = Number(option("pictures") ?? 40);
const baselinePath = option("baseline");

const r = rng(11);
const places = Array.from({ length: 10 }, (_, i) => place(2000 + i));
const pictures = Array.from({ length: count }, () => {
  const zoom = 1 + 2.5 * r() ** 2;
  const c = 0.5 - 0.5 / zoom;
  return view(places[Math.floor(10 * r())]!, 0.5 + c * (2 * r() - 1) * 0.6, 0.5 + c * (2 * r() - 1) * 0.6, zoom, 0.85 + 0.3 * r());
});
const pairs = (count * (count - 1)) / 2;

/** One round of one version: ms per description and per pair. */
function round(m: Descriptors): { describe: number; pair: number } {
  let t = performance.now();
  const described = pictures.map((p) => m.describeKeyframe(p));
  const describe = (performance.now() - t) / count;
  t = performance.now();
  for (let i = 0; i < count; i++) for (let j = i + 1; j < count; j++) m.zoomMatchScores(described[i]!, described[j]!);
  return { describe, pair: (performance.now() - t) / pairs };
}

async function main(): Promise<void> {
  const baseline: Descriptors | null = baselinePath ? ((await import(path.resolve(baselinePath))) as Descriptors) : null;
  const now: { describe: number; pair: number }[] = [];
  const base: { describe: number; pair: number }[] = [];
  // One round of each first, not counted: the JIT warms up on it.
  round(current);
  if (baseline) round(baseline);
  for (let k = 0; k < rounds; k++) {
    now.push(round(current));
    if (baseline) base.push(round(baseline));
  }
  const fmt = (v: number) => v.toFixed(3);
  const cur = { describe: median(now.map((x) => x.describe)), pair: median(now.map((x) => x.pair)) };
  console.log(`${count} pictures, ${pairs} pairs, median of ${rounds} round(s)`);
  console.log(`  current:  ${fmt(cur.describe)} ms to describe a picture (a first search adds its coarse windows), ${fmt(cur.pair)} ms a pair`);
  if (!baseline) return;
  const old = { describe: median(base.map((x) => x.describe)), pair: median(base.map((x) => x.pair)) };
  console.log(`  baseline: ${fmt(old.describe)} ms to describe a picture, ${fmt(old.pair)} ms a pair`);
  console.log(`  ratio current/baseline: a pair ${(cur.pair / old.pair).toFixed(3)}, describing ${(cur.describe / old.describe).toFixed(3)}`);
  // The scores the two versions give the same pairs.
  const a = pictures.map((p) => current.describeKeyframe(p));
  const b = pictures.map((p) => baseline.describeKeyframe(p));
  let maxDiff = 0;
  for (let i = 0; i < count; i++) {
    for (let j = i + 1; j < count; j++) {
      const x = current.zoomMatchScores(a[i]!, a[j]!);
      const y = baseline.zoomMatchScores(b[i]!, b[j]!);
      maxDiff = Math.max(maxDiff, Math.abs(x.layout - y.layout), Math.abs(x.detail - y.detail));
    }
  }
  console.log(`  largest score difference over the pairs: ${maxDiff.toExponential(2)}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
