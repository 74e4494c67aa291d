// How grouped shots scale with the number of shots: synthetic keyframes (views of `places`
// pictures at random framings 1×–3.5× and exposures, as in tests/unit/keyframe-descriptor.test.ts),
// grouped by the old way (every pair compared in full) and the shortlist (group-shots.ts).
//   npx tsx bench/scenes/grouping-scale.ts [--rounds=3] [--small=60] [--sizes=250,1000]
// 1. both ways on `small` shots, interleaved, median of rounds: the ratio, and both pairwise F1s;
// 2. the shortlist on growing lists; the old way there is extrapolated from its measured cost per
//    pair (n(n−1)/2 pairs: an hour's 1000+ shots take too long to run in full) — labelled as such.
import { describeKeyframe } from "@/lib/analysis/scenes/keyframe-descriptor";
import { lookSimilarity, type ShotLookDescriptor } from "@/lib/analysis/scenes/shot-similarity";
import { clusterBySimilarity, similarityMatrix } from "@/lib/analysis/visual/cluster";
import { groupByLook, SETUP_THRESHOLD } from "@/lib/analysis/visual/group-shots";
import { rng } from "../../tests/helpers/rng";
import { f1, pairwiseCounts } from "./score";
import { place, view } from "../../tests/helpers/places";
import { median } from "../median";

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const rounds = Number(option("rounds") ?? 3);
const small = Number(option("small") ?? 60);
const sizes = (option("sizes") ?? "250,1000").split(",").filter(Boolean).map(Number);

/** n shots over n/8 places (an hour of a few recurring set-ups and many one-offs), keyframes only. */
function shotList(n: number, seed: number): { looks: ShotLookDescriptor[]; setup: number[] } {
  const r = rng(seed);
  const places = Array.from({ length: Math.max(2, Math.round(n / 8)) }, (_, i) => place(1000 * seed + i));
  const looks: ShotLookDescriptor[] = [];
  const setup: number[] = [];
  for (let i = 0; i < n; i++) {
    // A few set-ups recur often (a dialogue's two angles), most rarely.
    const p = Math.floor(places.length * r() ** 2);
    const zoom = 1 + 2.5 * r() ** 2;
    const c = 0.5 - 0.5 / zoom;
    looks.push({ feature: null, keyframe: describeKeyframe(view(places[p]!, 0.5 + c * (2 * r() - 1) * 0.6, 0.5 + c * (2 * r() - 1) * 0.6, zoom, 0.85 + 0.3 * r())) });
    setup.push(p);
  }
  return { looks, setup };
}

/** The previous groupByLook: every pair compared in full. */
function groupAllPairs(looks: ShotLookDescriptor[]): number[][] {
  const sims = similarityMatrix(looks, (a, b) => lookSimilarity(a, b));
  return clusterBySimilarity(sims, looks.length, SETUP_THRESHOLD).clusters;
}

async function groupShortlist(looks: ShotLookDescriptor[]): Promise<number[][]> {
  const g = await groupByLook(looks);
  return [...g.groups.map((x) => x.shots), ...g.singles.map((s) => [s])];
}

function pairF1(clusters: number[][], setup: number[]): number {
  const label = new Map<number, string>();
  clusters.forEach((c, k) => c.forEach((i) => label.set(i, c.length > 1 ? `g${k}` : `s${i}`)));
  // Truth shots on a time line of one second each, so pairwiseCounts can look them up by time.
  const truth = setup.map((s, i) => ({ start: i, end: i + 1, setup: `p${s}`, scene: "-" }));
  return f1(pairwiseCounts(truth, (t) => label.get(Math.floor(t)) ?? null)).f1;
}

const time = async (f: () => unknown) => {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
};

async function main() {
  console.log(`Grouped shots scaling (synthetic keyframes; ${rounds} rounds, interleaved, median; machine shared and loaded)`);
  const { looks, setup } = shotList(small, 1);
  const before: number[] = [];
  const after: number[] = [];
  let fBefore = 0;
  let fAfter = 0;
  for (let r = 0; r < rounds; r++) {
    before.push(await time(() => (fBefore = pairF1(groupAllPairs(looks), setup))));
    after.push(await time(async () => (fAfter = pairF1(await groupShortlist(looks), setup))));
  }
  const pairs = (small * (small - 1)) / 2;
  const perPair = median(before) / pairs;
  console.log(
    `  ${small} shots: all pairs ${median(before).toFixed(0)} ms (F1 ${(fBefore * 100).toFixed(1)}%), shortlist ${median(after).toFixed(0)} ms (F1 ${(fAfter * 100).toFixed(1)}%): ${(median(before) / median(after)).toFixed(1)}× faster`,
  );
  console.log(`  all pairs: ${perPair.toFixed(2)} ms per pair measured; larger lists below extrapolate it as n(n−1)/2 × that`);
  for (const n of sizes) {
    const list = shotList(n, 2);
    const t: number[] = [];
    let fn = 0;
    let full = 0;
    for (let r = 0; r < rounds; r++) {
      t.push(await time(async () => {
        const g = await groupByLook(list.looks);
        full = g.fullPairs;
        fn = pairF1([...g.groups.map((x) => x.shots), ...g.singles.map((s) => [s])], list.setup);
      }));
    }
    const all = ((n * (n - 1)) / 2) * perPair;
    console.log(
      `  ${String(n).padStart(5)} shots: shortlist ${(median(t) / 1000).toFixed(1)} s (${full} pairs in full = ${(full / n).toFixed(1)} per shot; F1 ${(fn * 100).toFixed(1)}%) · all pairs ≈ ${(all / 1000).toFixed(0)} s (extrapolated) · ratio ≈ ${(all / median(t)).toFixed(0)}×`,
    );
  }
}

void main();
