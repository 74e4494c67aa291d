// Scenes and grouped shots alone, in seconds: the real set's decode-pass features (cached by
// sweep.ts / this script as <clip>.features) and keyframe images (cached as <clip>.kf/<time>.rgb),
// then our shot detector, scenes and grouped shots — no PySceneDetect baseline, no re-decode.
//   npx tsx --conditions=react-server bench/scenes/structure.ts [--real=DIR] [--verbose] [--shortlist=K] [--neighbours=W]
// --shortlist=K / --neighbours=W: grouped shots compare in full only each shot's K best-estimated
// partners and the shots within W of it (GROUPING in tuning.ts when not given); 0 and 0 = the cheap
// estimate alone.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { detectScenes } from "@/lib/analysis/scenes/detect-scenes";
import type { KeyframeImageSource } from "@/lib/analysis/scenes/keyframe-source";
import { describeShots, lookScores } from "@/lib/analysis/scenes/shot-similarity";
import { detectShots } from "@/lib/analysis/shots";
import { groupByLook } from "@/lib/analysis/visual/group-shots";
import { decodeFrameFeatures, deserializeFrameFeatures, serializeFrameFeatures } from "@/lib/media/decode-frames";
import { buildComposite } from "./composite";
import { fileKeyframeSource } from "./keyframes";
import { REAL_SET } from "./real-set";
import { add, type Counts, f1, pairwiseCounts, sceneBoundaryCounts, zero } from "./score";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const realDir = option("real") ?? path.join(os.tmpdir(), "scenes-bench");
const shortlist = {
  ...(option("shortlist") ? { shortlist: Number(option("shortlist")) } : {}),
  ...(option("neighbours") ? { neighbours: Number(option("neighbours")) } : {}),
};
const log = (m: string) => process.stderr.write(`${m}\n`);

async function features(file: string) {
  const cache = `${file}.features`;
  const meta = `${file}.features.json`;
  if (fs.existsSync(cache) && fs.existsSync(meta) && fs.statSync(cache).mtimeMs >= fs.statSync(file).mtimeMs) {
    const { fps, duration } = JSON.parse(fs.readFileSync(meta, "utf8"));
    return { fps, duration, frames: deserializeFrameFeatures(fs.readFileSync(cache)) };
  }
  const d = await decodeFrameFeatures(file);
  fs.writeFileSync(cache, serializeFrameFeatures(d.frames));
  fs.writeFileSync(meta, JSON.stringify({ fps: d.fps, duration: d.duration }));
  return { fps: d.fps, duration: d.duration, frames: d.frames };
}

/** fileKeyframeSource with the images kept on disk next to the clip. */
function cachedKeyframes(file: string): KeyframeImageSource {
  const read = fileKeyframeSource(file);
  const dir = `${file}.kf`;
  fs.mkdirSync(dir, { recursive: true });
  return async (time, span) => {
    const f = path.join(dir, `${time.toFixed(4)}.rgb`);
    if (fs.existsSync(f)) return { rgb: new Uint8Array(fs.readFileSync(f)), width: 96, height: 54 };
    const img = await read(time, span);
    if (img) fs.writeFileSync(f, img.rgb);
    return img;
  };
}

async function main() {
  const parts: Record<string, { scenes: Counts; groups: Counts }> = { tune: { scenes: zero(), groups: zero() }, "held-out": { scenes: zero(), groups: zero() } };
  for (const spec of REAL_SET) {
    if (spec.negative) continue;
    const c = await buildComposite(spec, realDir);
    const { fps, duration, frames } = await features(c.file);
    const shots = detectShots(frames, { fps, duration });
    const spans = shots.map((s) => ({ index: s.index, start: s.start, end: s.end, keyframeTime: s.keyframeTime, startsWith: s.startsWith, endsWith: s.endsWith }));
    const looks = await describeShots(frames, spans, cachedKeyframes(c.file));
    const { scenes, links } = await detectScenes(frames, spans, [], looks);
    const sc = sceneBoundaryCounts(c.sceneBoundaries, scenes.slice(1).map((s) => s.start));
    const grouping = await groupByLook(looks, undefined, shortlist);
    const label = new Map<number, string>();
    grouping.groups.forEach((g) => g.shots.forEach((i) => label.set(i, `g${g.id}`)));
    const groupOf = (t: number) => {
      const i = shots.findIndex((s) => t >= s.start && t < s.end);
      return i < 0 ? null : (label.get(i) ?? `single${i}`);
    };
    const gc = pairwiseCounts(c.shots, groupOf);
    parts[spec.part]!.scenes = add(parts[spec.part]!.scenes, sc);
    parts[spec.part]!.groups = add(parts[spec.part]!.groups, gc);
    log(`  ${c.name}: ${shots.length} shots, ${grouping.fullPairs} pairs compared in full; scenes tp ${sc.tp} fp ${sc.fp} fn ${sc.fn}; group pairs tp ${gc.tp} fp ${gc.fp} fn ${gc.fn}`);
    if (flag("verbose")) {
      log(`    truth scenes at ${c.sceneBoundaries.map((w) => `${w.start.toFixed(2)}–${w.end.toFixed(2)}`).join(", ")}`);
      log(`    found scenes at ${scenes.slice(1).map((s) => s.start.toFixed(2)).join(", ")}`);
      log(`    links (scene score) ${links.map((l, i) => (i ? `${l ?? "-"}(${lookScores(looks[i - 1]!, looks[i]!).scene.toFixed(2)})` : "")).join(" ")}`);
      log(`    groups ${grouping.groups.map((g) => `[${g.shots.join(",")}]`).join(" ")} · shots ${shots.map((s) => `${s.index}@${s.start.toFixed(1)}`).join(" ")}`);
    }
  }
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  for (const [name, p] of Object.entries(parts)) {
    const s = f1(p.scenes);
    const g = f1(p.groups);
    console.log(`${name.padEnd(9)} scenes F1 ${pct(s.f1)} (tp ${p.scenes.tp} fp ${p.scenes.fp} fn ${p.scenes.fn}) · grouped shots F1 ${pct(g.f1)} (tp ${p.groups.tp} fp ${p.groups.fp} fn ${p.groups.fn})`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
