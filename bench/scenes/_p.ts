import fs from "node:fs";
import path from "node:path";
import { describeShots, lookSimilarity } from "@/lib/analysis/scenes/shot-similarity";
import { keyframeSimilarity } from "@/lib/analysis/scenes/keyframe-descriptor";
import { shotSimilarity } from "@/lib/analysis/visual/shot-features";
import { detectShots } from "@/lib/analysis/shots";
import { deserializeFrameFeatures } from "@/lib/media/decode-frames";
import { buildComposite } from "./composite";
import { REAL_SET } from "./real-set";
const want = process.argv[2];
async function main() {
  for (const spec of REAL_SET) {
    if (spec.negative || !spec.name.startsWith(want)) continue;
    const c = await buildComposite(spec, "/tmp/scn/real");
    const { fps, duration } = JSON.parse(fs.readFileSync(`${c.file}.features.json`, "utf8"));
    const frames = deserializeFrameFeatures(fs.readFileSync(`${c.file}.features`));
    const shots = detectShots(frames, { fps, duration });
    const looks = await describeShots(frames, shots, async (t) => { const f = path.join(`${c.file}.kf`, `${t.toFixed(4)}.rgb`); return fs.existsSync(f) ? { rgb: new Uint8Array(fs.readFileSync(f)), width: 96, height: 54 } : null; });
    const truthAt = (t: number) => c.shots.find((s) => t >= s.start && t < s.end);
    for (let i = 0; i < shots.length; i++) for (let j = i + 1; j < Math.min(shots.length, i + 5); j++) {
      const a = truthAt(shots[i].keyframeTime), b = truthAt(shots[j].keyframeTime);
      if (!looks[i].keyframe || !looks[j].keyframe) continue;
      const k = keyframeSimilarity(looks[i].keyframe!, looks[j].keyframe!);
      const g = shotSimilarity(looks[i].feature!, looks[j].feature!);
      console.log([c.name, i, j, a?.setup, b?.setup, a?.scene === b?.scene ? "same" : "diff", "zoom", k.zoom.toFixed(3), "pal", k.palette.toFixed(3), "str", k.structure.toFixed(3), "grid", g.toFixed(3), "all", lookSimilarity(looks[i], looks[j]).toFixed(3), "lstd", looks[i].keyframe!.lumaStd.toFixed(3), looks[j].keyframe!.lumaStd.toFixed(3), "mean", looks[i].keyframe!.meanLuma.toFixed(2), looks[j].keyframe!.meanLuma.toFixed(2)].join(" "));
    }
  }
}
main();
