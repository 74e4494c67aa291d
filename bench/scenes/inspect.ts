// Tuning aid: one clip's detected boundaries, with the gradual candidates and cut scores around a time.
//   npx tsx bench/scenes/inspect.ts FILE [--at=SECONDS] [--radius=SECONDS]
import { detectGradual, type Candidate } from "@/lib/analysis/shots/detect-gradual";
import { adjacentScores } from "@/lib/analysis/shots/detect-cuts";
import { detectBoundaries } from "@/lib/analysis/shots/detect-shots";
import { gridDistance, histDistance } from "@/lib/analysis/shots/frame-distance";
import { decodeFrameFeatures } from "@/lib/media/decode-frames";

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith("--"))!;
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];

async function main() {
  const d = await decodeFrameFeatures(file, {});
  const fr = d.frames;
  const t = (i: number) => fr[i]!.time.toFixed(2);
  const { boundaries } = detectBoundaries(fr, { fps: d.fps, duration: d.duration });
  console.log(`fps ${d.fps} frames ${fr.length}`);
  for (const b of boundaries) console.log(`boundary ${b.out}/${b.in} frame ${b.frame} (${t(b.frame)}) window ${b.startFrame}-${b.endFrame} (${t(b.startFrame)}–${t(b.endFrame)}) conf ${b.confidence}`);
  const at = option("at");
  if (!at) return;
  const c = Number(at);
  const r = Number(option("radius") ?? 1);
  const near = (i: number) => Math.abs(fr[i]!.time - c) <= r;
  const cands: Candidate[] = [];
  detectGradual(fr, { fps: d.fps, collect: (x) => cands.push(x) });
  for (const x of cands) {
    if (!near(x.s) && !near(x.e)) continue;
    const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(3));
    const keys = ["h", "s", "e", "w", "before", "after", "wHist", "maxStep", "total", "detour", "stall", "endsBefore", "endsAfter", "endsHistBefore", "endsHistAfter", "changed", "motion", "outer", "photometric", "wipe"] as const;
    console.log(`cand ${t(x.s)}–${t(x.e)} ${keys.map((k) => `${k}=${fmt(x[k] as number)}`).join(" ")} flat=${x.flatS}/${x.flatE} → ${x.verdict ?? "KEPT"}`);
  }
  const s = adjacentScores(fr);
  for (let i = 1; i < fr.length; i++) {
    if (!near(i)) continue;
    const f = fr[i]!;
    console.log(`f${i} ${t(i)} adj=${s[i]!.toFixed(3)} diff=${f.diffPrev.toFixed(4)} grid=${gridDistance(fr[i - 1]!, f).toFixed(3)} hist=${histDistance(fr[i - 1]!, f).toFixed(3)} luma=${f.meanLuma.toFixed(3)} std=${f.lumaStd.toFixed(3)} mot=${f.motionX},${f.motionY} mc/raw=${(f.mcDiff ?? 0).toFixed(4)}/${(f.rawDiff ?? 0).toFixed(4)}`);
  }
}
main().catch((e) => { console.error(e); process.exit(1); });
