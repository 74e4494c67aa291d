// Real-footage bench for shots, scenes and grouped shots:
//   sh bench/scenes/fetch-media.sh && npx tsx bench/scenes/run.ts [--dir=PATH] [--only=t1,h2] [--verbose] [--pairs] [--synthetic]
// Builds the composites of real-set.ts (cached in $TMPDIR/scenes-bench), runs our shot detector,
// scenes and grouped shots on each, and the re-implemented PySceneDetect AdaptiveDetector for
// shots; prints the tune and held-out parts side by side (and the synthetic shot set with --synthetic).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { detectScenes } from "@/lib/analysis/scenes/detect-scenes";
import { describeShots, lookScores } from "@/lib/analysis/scenes/shot-similarity";
import { keyframeSimilarity } from "@/lib/analysis/scenes/keyframe-descriptor";
import { detectShots, type Shot } from "@/lib/analysis/shots";
import { groupByLook } from "@/lib/analysis/visual/group-shots";
import { decodeFrameFeatures } from "@/lib/media/decode-frames";
import { adaptiveDetectorCuts, HsvContentScore } from "../shots/baselines";
import { boundariesFromShots, type ClipResult, matchClip, summarize, type Summary } from "../shots/evaluate";
import { buildComposite, type Composite } from "./composite";
import { fileKeyframeSource } from "./keyframes";
import { REAL_SET } from "./real-set";
import { add, type Counts, f1, pairwiseCounts, sceneBoundaryCounts, zero } from "./score";
import { syntheticSummary } from "./synthetic";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const dir = option("dir") ?? path.join(os.tmpdir(), "scenes-bench");
const only = option("only")?.split(",");
const log = (m: string) => process.stderr.write(`${m}\n`);

interface PartResult {
  ours: ClipResult[];
  adaptive: ClipResult[];
  scenes: Counts;
  groups: Counts;
  minutes: number;
}

const part = (): PartResult => ({ ours: [], adaptive: [], scenes: zero(), groups: zero(), minutes: 0 });

async function evaluate(c: Composite, into: PartResult) {
  const hsv = new HsvContentScore();
  const decoded = await decodeFrameFeatures(c.file, { onFrame: (f) => hsv.push(f.rgb) });
  const shots: Shot[] = detectShots(decoded.frames, { fps: decoded.fps, duration: decoded.duration });
  const r = matchClip(c, boundariesFromShots(shots));
  into.ours.push(r);
  const times = decoded.frames.map((f) => f.time);
  into.adaptive.push(matchClip(c, adaptiveDetectorCuts(hsv.scores).map((i) => ({ time: times[i]!, type: "cut" as const }))));
  into.minutes += c.seconds / 60;
  const spans = shots.map((s) => ({ index: s.index, start: s.start, end: s.end, keyframeTime: s.keyframeTime, startsWith: s.startsWith, endsWith: s.endsWith }));
  const looks = await describeShots(decoded.frames, spans, fileKeyframeSource(c.file));
  const line = `  ${c.name}: ${shots.length} shots, ${r.missed.length} missed, ${r.falsePositives.length} false`;
  if (c.negative) {
    log(line);
    return;
  }
  const { scenes, links } = await detectScenes(decoded.frames, spans, [], looks);
  const sc = sceneBoundaryCounts(c.sceneBoundaries, scenes.slice(1).map((s) => s.start));
  into.scenes = add(into.scenes, sc);
  const grouping = await groupByLook(looks);
  const label = new Map<number, string>();
  grouping.groups.forEach((g) => g.shots.forEach((i) => label.set(i, `g${g.id}`)));
  const groupOf = (t: number) => {
    const i = shots.findIndex((s) => t >= s.start && t < s.end);
    return i < 0 ? null : (label.get(i) ?? `single${i}`);
  };
  const gc = pairwiseCounts(c.shots, groupOf);
  into.groups = add(into.groups, gc);
  log(`${line}; scenes tp ${sc.tp} fp ${sc.fp} fn ${sc.fn}; group pairs tp ${gc.tp} fp ${gc.fp} fn ${gc.fn}`);
  if (flag("verbose")) {
    for (const m of r.missed) log(`    missed ${m.type} ${m.start.toFixed(2)}–${m.end.toFixed(2)}`);
    for (const d of r.falsePositives) log(`    false ${d.type} at ${d.time.toFixed(2)}`);
    log(`    truth scenes at ${c.sceneBoundaries.map((w) => `${w.start.toFixed(2)}–${w.end.toFixed(2)}`).join(", ")}`);
    log(`    found scenes at ${scenes.slice(1).map((s) => s.start.toFixed(2)).join(", ")}`);
    log(`    links (scene score) ${links.map((l, i) => (i ? `${l ?? "-"}(${lookScores(looks[i - 1]!, looks[i]!).scene.toFixed(2)})` : "")).join(" ")}`);
    log(`    groups ${grouping.groups.map((g) => `[${g.shots.join(",")}]`).join(" ")} · shots ${shots.map((s) => `${s.index}@${s.start.toFixed(1)}`).join(" ")}`);
  }
  if (flag("pairs")) {
    // For tuning: every pair of detected shots with its truth (same set-up?) and its similarity parts:
    // PAIR clip i j same-set-up same-scene distance zoom zoom-detail palette structure setup-score scene-score.
    const truthAt = (t: number) => c.shots.find((s) => t >= s.start && t < s.end);
    for (let i = 0; i < shots.length; i++) {
      for (let j = i + 1; j < shots.length; j++) {
        const a = truthAt(shots[i]!.keyframeTime);
        const b = truthAt(shots[j]!.keyframeTime);
        if (!a?.setup || !b?.setup || !looks[i]!.keyframe || !looks[j]!.keyframe) continue;
        const k = keyframeSimilarity(looks[i]!.keyframe!, looks[j]!.keyframe!);
        const sameScene = a.scene === b.scene;
        const both = lookScores(looks[i]!, looks[j]!);
        console.log(["PAIR", c.name, i, j, a.setup === b.setup ? 1 : 0, sameScene ? 1 : 0, j - i, k.zoom, k.zoomDetail, k.palette, k.structure, both.setup, both.scene].map((x) => (typeof x === "number" && !Number.isInteger(x) ? x.toFixed(3) : x)).join("\t"));
      }
    }
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function shotLine(s: Summary): string {
  const all = s.rows.find((r) => r.type === "all")!;
  const perType = s.rows.filter((r) => r.type !== "all" && r.truth).map((r) => `${r.type} ${r.found}/${r.truth}`).join(", ");
  return `F1 ${pct(all.f1)} (P ${pct(all.precision)} R ${pct(all.recall)}; ${perType}; cuts exact ${s.cutExact}/${s.cutsMatched})`;
}

function negLine(s: Summary): string {
  const kinds = Object.entries(s.negativeFpByKind).map(([k, v]) => `${k} ${v.fp}`).join(", ");
  const fp = Object.values(s.negativeFpByKind).reduce((a, v) => a + v.fp, 0);
  const min = Object.values(s.negativeFpByKind).reduce((a, v) => a + v.minutes, 0);
  return `${fp} false cuts in ${min.toFixed(1)} min = ${min ? ((fp / min) * 10).toFixed(2) : "–"} per 10 min (${kinds})`;
}

async function main() {
  fs.mkdirSync(dir, { recursive: true });
  const parts: Record<string, PartResult> = { tune: part(), "held-out": part() };
  for (const spec of REAL_SET) {
    if (only && !only.some((o) => spec.name.startsWith(o))) continue;
    const c = await buildComposite(spec, dir);
    await evaluate(c, parts[spec.part]!);
  }
  const out: string[] = [];
  out.push("Real-footage set (bench/scenes; tune = thresholds set on it, held-out = never tuned on)");
  for (const [name, p] of Object.entries(parts)) {
    if (!p.ours.length) continue;
    const ours = summarize(p.ours);
    const adaptive = summarize(p.adaptive);
    const sc = f1(p.scenes);
    const gr = f1(p.groups);
    out.push(`\n[${name}] ${p.ours.length} clips, ${p.minutes.toFixed(1)} min`);
    out.push(`  shots, ours:                                   ${shotLine(ours)}`);
    out.push(`  shots, PySceneDetect AdaptiveDetector (our re-implementation, defaults): ${shotLine(adaptive)}`);
    out.push(`  hard negatives, ours:     ${negLine(ours)}`);
    out.push(`  hard negatives, Adaptive: ${negLine(adaptive)}`);
    out.push(`  scene boundaries (±0.5 s): F1 ${pct(sc.f1)} (P ${pct(sc.precision)} R ${pct(sc.recall)}; tp ${p.scenes.tp} fp ${p.scenes.fp} fn ${p.scenes.fn})`);
    out.push(`  grouped shots, pairwise:   F1 ${pct(gr.f1)} (P ${pct(gr.precision)} R ${pct(gr.recall)}; tp ${p.groups.tp} fp ${p.groups.fp} fn ${p.groups.fn})`);
  }
  if (flag("synthetic")) {
    out.push("\nSynthetic shot set (bench/shots, seed 0), same detector:");
    out.push(`  ${await syntheticSummary()}`);
  }
  console.log(out.join("\n"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
