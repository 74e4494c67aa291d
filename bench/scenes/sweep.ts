// Tuning loop for the shot detector over both sets at once, from cached decode-pass features:
//   npx tsx --conditions=react-server bench/scenes/sweep.ts [--real=DIR] [--synthetic=DIR] [--verbose] [--candidates]
// Decodes every clip once (features cached next to the clip as .features), then runs detectShots
// on all of them and prints the synthetic set (bench/shots, seed 0), the real tune part and the real
// held-out part side by side — seconds per run instead of minutes, so a change is always judged on
// all three. --candidates lists every gradual candidate the detector kept or nearly kept with its
// measures and whether it matches a true transition (a tuning aid).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { detectShots } from "@/lib/analysis/shots";
import { type Candidate, detectGradual } from "@/lib/analysis/shots/detect-gradual";
import { decodeFrameFeatures, deserializeFrameFeatures, type FrameFeatures, serializeFrameFeatures } from "@/lib/media/decode-frames";
import { buildClip, type Clip, EVAL_SET, SPEED_CLIP } from "../shots/clips";
import { boundariesFromShots, type ClipResult, matchClip, summarize, type Summary } from "../shots/evaluate";
import { buildComposite } from "./composite";
import { REAL_SET } from "./real-set";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const realDir = option("real") ?? path.join(os.tmpdir(), "scenes-bench");
const synDir = option("synthetic") ?? path.join(os.tmpdir(), "shots-bench");
const log = (m: string) => process.stderr.write(`${m}\n`);

interface Loaded {
  clip: Clip;
  set: "synthetic" | "tune" | "held-out";
  fps: number;
  duration: number;
  frames: FrameFeatures[];
}

async function load(clip: Clip, set: Loaded["set"]): Promise<Loaded> {
  const cache = `${clip.file}.features`;
  const meta = `${clip.file}.features.json`;
  if (fs.existsSync(cache) && fs.existsSync(meta) && fs.statSync(cache).mtimeMs >= fs.statSync(clip.file).mtimeMs) {
    const { fps, duration } = JSON.parse(fs.readFileSync(meta, "utf8"));
    return { clip, set, fps, duration, frames: deserializeFrameFeatures(fs.readFileSync(cache)) };
  }
  const d = await decodeFrameFeatures(clip.file);
  fs.writeFileSync(cache, serializeFrameFeatures(d.frames));
  fs.writeFileSync(meta, JSON.stringify({ fps: d.fps, duration: d.duration }));
  return { clip, set, fps: d.fps, duration: d.duration, frames: d.frames };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function line(name: string, s: Summary): string {
  const row = (t: string) => s.rows.find((r) => r.type === t);
  const all = row("all")!;
  const types = ["cut", "dissolve", "fade", "wipe"].map((t) => row(t)).filter((r) => r && r.truth).map((r) => `${r!.type} ${r!.found}/${r!.truth}`);
  // Every hard-negative kind counts (the real set's hand-held and exposure clips too) but the
  // synthetic set's extra lighting clip, which bench/shots reports outside its target.
  const kinds = Object.entries(s.negativeFpByKind).filter(([k]) => name !== "synthetic" || k !== "lighting").map(([, v]) => v);
  const fp = kinds.reduce((a, k) => a + k.fp, 0);
  const minutes = kinds.reduce((a, k) => a + k.minutes, 0);
  const per10 = minutes ? (fp / minutes) * 10 : 0;
  const lighting = name === "synthetic" && s.negativeFpByKind.lighting ? ` (extra lighting clip: ${s.negativeFpByKind.lighting.fp})` : "";
  return `${name.padEnd(10)} F1 ${pct(all.f1)} P ${pct(all.precision)} R ${pct(all.recall)} (${types.join(", ")}; cuts exact ${s.cutExact}/${s.cutsMatched}) · negatives ${fp} in ${minutes.toFixed(1)} min = ${per10.toFixed(2)}/10 min${lighting}`;
}

async function main() {
  const loaded: Loaded[] = [];
  for (const spec of REAL_SET) loaded.push(await load(await buildComposite(spec, realDir), spec.part));
  // --cached-only: the synthetic clips already generated (while another run is still making the rest).
  const cached = (name: string) => fs.existsSync(synDir) && fs.readdirSync(synDir).some((f) => f.startsWith(`${name}-`) && /^[^.]+\.mp4$/.test(f));
  if (!flag("no-synthetic")) {
    for (const spec of [...EVAL_SET, SPEED_CLIP]) if (!flag("cached-only") || cached(spec.name)) loaded.push(await load(await buildClip(spec, synDir), "synthetic"));
  }
  const results: Record<string, ClipResult[]> = { synthetic: [], tune: [], "held-out": [] };
  for (const l of loaded) {
    const shots = detectShots(l.frames, { fps: l.fps, duration: l.duration });
    const r = matchClip(l.clip, boundariesFromShots(shots));
    results[l.set]!.push(r);
    if (flag("verbose") && (r.missed.length || r.falsePositives.length)) {
      log(`  [${l.set}] ${l.clip.name}: ${r.missed.map((m) => `missed ${m.type} ${m.start.toFixed(2)}–${m.end.toFixed(2)}`).concat(r.falsePositives.map((d) => `false ${d.type} at ${d.time.toFixed(2)}`)).join("; ")}`);
    }
    if (flag("candidates")) {
      const cands: Candidate[] = [];
      detectGradual(l.frames, { fps: l.fps, collect: (c) => cands.push(c) });
      const tol = l.clip.frame * 1.01;
      for (const c of cands) {
        if (c.verdict && c.verdict !== "unsteady ends" && !c.verdict.startsWith("unsteady moving")) continue;
        const ts = l.frames[c.s]!.time;
        const te = l.frames[c.e]!.time;
        const truth = l.clip.truth.find((t) => t.type !== "cut" && ts <= t.end + tol && te >= t.start - tol);
        const keys = ["h", "w", "before", "after", "total", "detour", "stall", "endsBefore", "endsAfter", "endsHistBefore", "endsHistAfter", "histSE", "changed", "motion", "wipe"] as const;
        console.log(["CAND", l.set, l.clip.name, ts.toFixed(2), te.toFixed(2), truth ? `${truth.type}/${truth.variant}` : "FALSE", c.verdict ?? "kept", ...keys.map((k) => `${k}=${(c[k] as number).toFixed(3)}`)].join("\t"));
      }
    }
  }
  for (const [name, rs] of Object.entries(results)) if (rs.length) console.log(line(name, summarize(rs)));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
