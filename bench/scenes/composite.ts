// A composite of real shots joined by cuts, dissolves and fades through black, with exact ground
// truth: shot boundaries (typed, in frames → seconds), scenes and set-ups per shot.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { Clip, Truth } from "../shots/clips";
import { renderShot, type ShotSource } from "./render-shot";

const run = promisify(execFile);

export interface ShotItem {
  src: ShotSource;
  seconds: number;
  /** Same label = same set-up (camera place and subject, any framing); none for black slugs. */
  setup?: string;
  /** Same label on consecutive shots = one scene; black slugs take the scene they sit in ("-" = none). */
  scene: string;
  grain?: number;
}

export type Join = { type: "cut" } | { type: "dissolve"; seconds: number } | { type: "fade"; out: number; hold: number; in: number };

export interface CompositeSpec {
  name: string;
  part: "tune" | "held-out";
  width: number;
  height: number;
  fps: number;
  /** Hard negatives: one shot, no boundary; names what makes it hard. */
  negative?: string;
  shots: ShotItem[];
  /** joins[i] joins shots[i] and shots[i+1]. */
  joins: Join[];
}

export interface TruthShot {
  start: number;
  end: number;
  setup?: string;
  scene: string;
}

export interface Composite extends Clip {
  part: "tune" | "held-out";
  shots: TruthShot[];
  /** Scene boundaries as windows in seconds (a cut: start = end). */
  sceneBoundaries: { start: number; end: number }[];
}

const r6 = (x: number) => Math.round(x * 1e6) / 1e6;

export async function buildComposite(spec: CompositeSpec, dir: string): Promise<Composite> {
  const { fps, width, height } = spec;
  const F = (s: number) => Math.max(1, Math.round(s * fps));
  const frames = spec.shots.map((s) => F(s.seconds));
  const files: string[] = [];
  for (let i = 0; i < spec.shots.length; i++) {
    files.push(await renderShot(spec.shots[i]!.src, { width, height, fps, frames: frames[i]!, grain: spec.shots[i]!.grain }, dir));
  }
  const dIn = (i: number) => (i > 0 && spec.joins[i - 1]!.type === "dissolve" ? F((spec.joins[i - 1] as { seconds: number }).seconds) : 0);
  const dOut = (i: number) => (i < spec.joins.length && spec.joins[i]!.type === "dissolve" ? F((spec.joins[i] as { seconds: number }).seconds) : 0);
  const parts: string[] = [];
  const pieces: string[] = [];
  const truth: { type: Truth["type"]; variant: string; start: number; end: number; cut?: number }[] = [];
  const bounds: { start: number; end: number; at: number }[] = []; // per join, frames
  const tb = `setpts=N/${fps}/TB`;
  spec.shots.forEach((s, i) => {
    const din = dIn(i);
    const dout = dOut(i);
    const before = spec.joins[i - 1];
    const after = spec.joins[i];
    const outs = [din ? `h${i}` : "", `b${i}`, dout ? `t${i}` : ""].filter(Boolean);
    parts.push(`[${i}:v]${tb},format=yuv420p,setsar=1${outs.length > 1 ? `,split=${outs.length}` : ""}${outs.map((o) => `[r${o}]`).join("")}`);
    const bodyLen = frames[i]! - din - dout;
    const fades: string[] = [];
    if (before?.type === "fade" && before.in) fades.push(`fade=t=in:st=0:d=${r6(F(before.in) / fps)}`);
    if (after?.type === "fade" && after.out) fades.push(`fade=t=out:st=${r6((bodyLen - F(after.out)) / fps)}:d=${r6(F(after.out) / fps)}`);
    const trim = (from: number, to: number) => `trim=start_frame=${from}:end_frame=${to},${tb}`;
    if (din) parts.push(`[rh${i}]${trim(0, din)}[h${i}]`);
    parts.push(`[rb${i}]${[trim(din, din + bodyLen), ...fades].join(",")}[b${i}]`);
    if (dout) parts.push(`[rt${i}]${trim(din + bodyLen, frames[i]!)}[t${i}]`);
  });
  let acc = 0;
  spec.shots.forEach((_, i) => {
    if (i > 0) {
      const j = spec.joins[i - 1]!;
      if (j.type === "dissolve") {
        const d = F(j.seconds);
        parts.push(`[t${i - 1}][h${i}]xfade=transition=fade:duration=${r6(d / fps)}:offset=0,trim=end_frame=${d},${tb}[x${i}]`);
        pieces.push(`x${i}`);
        truth.push({ type: "dissolve", variant: "fade", start: acc, end: acc + d });
        bounds.push({ start: acc, end: acc + d, at: acc + d / 2 });
        acc += d;
      } else if (j.type === "cut") {
        truth.push({ type: "cut", variant: "cut", start: acc, end: acc, cut: acc });
        bounds.push({ start: acc, end: acc, at: acc });
      } else {
        const hold = F(j.hold);
        const fo = j.out ? F(j.out) : 0;
        const fi = j.in ? F(j.in) : 0;
        if (j.hold > 0) {
          parts.push(`color=c=black:s=${width}x${height}:r=${fps},trim=end_frame=${hold},${tb},format=yuv420p,setsar=1[k${i}]`);
          pieces.push(`k${i}`);
        }
        truth.push({ type: "fade", variant: "out-in", start: acc - fo, end: acc + hold + fi });
        bounds.push({ start: acc - fo, end: acc + hold + fi, at: acc - fo + (fo + hold + fi) / 2 });
        acc += hold;
      }
    }
    pieces.push(`b${i}`);
    acc += frames[i]! - dIn(i) - dOut(i);
  });
  parts.push(`${pieces.map((p) => `[${p}]`).join("")}concat=n=${pieces.length}:v=1:a=0,settb=1/${fps},${tb},format=yuv420p[v]`);
  const graph = parts.join(";\n");
  const key = createHash("sha1").update(graph + files.join()).digest("hex").slice(0, 10);
  const file = path.join(dir, `${spec.name}-${key}.mp4`);
  if (!fs.existsSync(file)) {
    const graphFile = `${file}.graph`;
    fs.writeFileSync(graphFile, graph);
    await run(
      process.env.FFMPEG_PATH || "ffmpeg",
      ["-hide_banner", "-loglevel", "error", "-y", ...files.flatMap((f) => ["-i", f]), "-filter_complex_script", graphFile, "-map", "[v]",
        "-c:v", "libx264", "-preset", "veryfast", "-crf", "22", "-pix_fmt", "yuv420p", "-r", String(fps), `${file}.part.mp4`],
      { maxBuffer: 1 << 24 },
    );
    fs.renameSync(`${file}.part.mp4`, file);
  }
  const sec = (f: number) => r6(f / fps);
  const shots: TruthShot[] = spec.shots.map((s, i) => ({
    start: i === 0 ? 0 : sec(bounds[i - 1]!.at),
    end: i === spec.shots.length - 1 ? sec(acc) : sec(bounds[i]!.at),
    setup: s.setup,
    scene: s.scene,
  }));
  // Scene boundaries: between consecutive lit shots of different scenes, spanning any black slug.
  const sceneBoundaries: { start: number; end: number }[] = [];
  let lastLit = -1;
  spec.shots.forEach((s, i) => {
    if (s.src.kind === "black") return;
    if (lastLit >= 0 && spec.shots[lastLit]!.scene !== s.scene) {
      sceneBoundaries.push({ start: sec(bounds[lastLit]!.start), end: sec(bounds[i - 1]!.end) });
    }
    lastLit = i;
  });
  return {
    name: spec.name,
    part: spec.part,
    file,
    width,
    height,
    fps,
    fpsLabel: String(fps),
    seconds: acc / fps,
    negative: spec.negative,
    frame: 1 / fps,
    truth: truth.map((t) => ({ type: t.type, variant: t.variant, start: sec(t.start), end: sec(t.end), at: t.cut !== undefined ? sec(t.cut) : sec((t.start + t.end) / 2) })),
    shots,
    sceneBoundaries,
  };
}
