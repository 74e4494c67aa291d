// The synthetic shot set (bench/shots, seed 0) summarised in one line, for the side-by-side print.
import os from "node:os";
import path from "node:path";
import { detectShots } from "@/lib/analysis/shots";
import { decodeFrameFeatures } from "@/lib/media/decode-frames";
import { buildClip, EVAL_SET } from "../shots/clips";
import { boundariesFromShots, type ClipResult, matchClip, summarize } from "../shots/evaluate";

export async function syntheticSummary(dir = path.join(os.tmpdir(), "shots-bench")): Promise<string> {
  const results: ClipResult[] = [];
  for (const spec of EVAL_SET) {
    const clip = await buildClip(spec, dir);
    const d = await decodeFrameFeatures(clip.file);
    results.push(matchClip(clip, boundariesFromShots(detectShots(d.frames, { fps: d.fps, duration: d.duration }))));
  }
  const s = summarize(results);
  const row = (t: string) => s.rows.find((r) => r.type === t)!;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const all = row("all");
  return (
    `F1 ${pct(all.f1)} (P ${pct(all.precision)} R ${pct(all.recall)}); cut R ${pct(row("cut").recall)}, dissolve R ${pct(row("dissolve").recall)}, ` +
    `fade R ${pct(row("fade").recall)}, wipe R ${pct(row("wipe").recall)}; cuts exact ${s.cutExact}/${s.cutsMatched}; ` +
    `hard negatives ${s.negativeFp} in ${s.negativeMinutes.toFixed(1)} min`
  );
}
