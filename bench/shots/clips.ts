// The evaluation set: clips built from lavfi sources with xfade/fade/concat, with exact ground truth.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { between, makeRng, pick, type Rng, SHOT_KINDS, type SourceKind, SOURCES } from "./sources";

const run = promisify(execFile);

export type TruthType = "cut" | "dissolve" | "fade" | "wipe";
export const TRUTH_TYPES: TruthType[] = ["cut", "dissolve", "fade", "wipe"];

export interface Truth {
  type: TruthType;
  /** xfade transition name or fade variant. */
  variant: string;
  /** Window in seconds; for cuts start = end = at = time of the first frame of the new shot. */
  start: number;
  end: number;
  at: number;
}

export interface Clip {
  name: string;
  file: string;
  width: number;
  height: number;
  /** Output frame rate. */
  fps: number;
  fpsLabel: string;
  seconds: number;
  /** Hard-negative clips hold no boundary at all; `negative` names what makes them hard. */
  negative?: string;
  truth: Truth[];
  /** Frame time tolerance (one output frame). */
  frame: number;
}

interface ShotPlan {
  kind: SourceKind;
  frames: number;
  fadeIn?: number;
  fadeOut?: number;
  speed?: number;
  grain: number;
  /** Frames at the start taken by the incoming transition. */
  inFrames?: number;
}

interface JoinPlan {
  type: TruthType;
  variant: string;
  /** Transition length (xfade) in frames. */
  frames: number;
  xfade?: string;
  hold?: number;
}

interface Event {
  /** First frame (in the pre-conversion timeline). */
  at: number;
  kind: "flash" | "flash-decay" | "dropout";
  frames: number;
  alpha: number;
}

export interface ClipSpec {
  name: string;
  width: number;
  height: number;
  fps: number;
  /** Frame-rate conversion at the end (`fps` filter: duplicates / drops), e.g. "30000/1001". */
  outFps?: string;
  seconds: number;
  seed: number;
  negative?: string;
  /** Only for negatives: the one shot's source, and its options. */
  source?: SourceKind;
  speed?: number;
  flashes?: number;
  /** Slow brightness modulation (lighting change) of this amplitude. */
  lighting?: number;
  /** Clip starts with a fade-in from black / ends with a fade-out (not shot boundaries). */
  openFade?: boolean;
  /** Shots drawn only from this list (e.g. similar-looking cuts). */
  kinds?: SourceKind[];
  /** Weights of cut/dissolve/fade/wipe joins. */
  mix?: [number, number, number, number];
  grain?: number;
  crf?: number;
}

const DISSOLVES = ["fade", "fade", "fade", "dissolve", "fadefast", "fadeslow"];
const WIPES = [
  "wipeleft", "wiperight", "wipeup", "wipedown", "wipetl", "wipebr", "smoothleft", "smoothup",
  "circleopen", "circleclose", "rectcrop", "horzopen", "vertclose", "diagtl", "diagbr", "radial",
  "hlslice", "vuslice",
];

function weighted<T>(rng: Rng, items: T[], weights: number[]): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = rng() * total;
  for (let i = 0; i < items.length; i++) if ((r -= weights[i]!) < 0) return items[i]!;
  return items[items.length - 1]!;
}

function planJoin(rng: Rng, fps: number, mix: [number, number, number, number]): JoinPlan {
  const type = weighted<TruthType>(rng, TRUTH_TYPES, mix);
  const fr = (lo: number, hi: number) => Math.max(2, Math.round(between(rng, lo, hi) * fps));
  if (type === "cut") return { type, variant: "cut", frames: 0 };
  if (type === "dissolve") return { type, variant: "", frames: fr(0.3, 2.0), xfade: pick(rng, DISSOLVES) };
  if (type === "wipe") return { type, variant: "", frames: fr(0.3, 1.5), xfade: pick(rng, WIPES) };
  const v = pick(rng, ["fadeblack", "fadeblack", "fadewhite", "out-in", "out-in", "out-cut", "cut-in"]);
  if (v === "fadeblack" || v === "fadewhite") return { type, variant: v, frames: fr(0.5, 2.0), xfade: v };
  return { type, variant: v, frames: 0, hold: Math.round(between(rng, 0, 0.4) * fps) };
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** Builds the filtergraph and the ground truth (in pre-conversion frames) of a clip. */
function planClip(spec: ClipSpec): { graph: string; truth: { type: TruthType; variant: string; start: number; end: number; cut?: number }[]; frames: number } {
  const rng = makeRng(spec.seed);
  const { width: w, height: h, fps } = spec;
  const rw = w > 640 ? 640 : w;
  const rh = w > 640 ? Math.round((640 * h) / w / 2) * 2 : h;
  const total = Math.round(spec.seconds * fps);
  const shots: ShotPlan[] = [];
  const joins: JoinPlan[] = [];
  const mix = spec.mix ?? [0.45, 0.2, 0.15, 0.2];
  const kinds = spec.kinds ?? SHOT_KINDS;

  if (spec.negative) {
    shots.push({ kind: spec.source ?? "testsrc2", frames: total, speed: spec.speed, grain: spec.grain ?? 4 });
  } else {
    let len = 0;
    let prev: SourceKind | null = null;
    while (len < total) {
      let kind = pick(rng, kinds);
      if (kinds.length > 1) while (kind === prev && !spec.kinds) kind = pick(rng, kinds);
      prev = kind;
      const frames = Math.round(between(rng, 1.6, 4.5) * fps);
      const shot: ShotPlan = { kind, frames, grain: spec.grain ?? Math.floor(between(rng, 0, 7)) };
      if (shots.length) {
        const j = planJoin(rng, fps, mix);
        const prevShot = shots[shots.length - 1]!;
        if (j.variant === "out-in" || j.variant === "out-cut") prevShot.fadeOut = Math.round(between(rng, 0.25, 1.0) * fps);
        if (j.variant === "out-in" || j.variant === "cut-in") shot.fadeIn = Math.round(between(rng, 0.25, 1.0) * fps);
        shot.inFrames = j.frames + (shot.fadeIn ?? 0);
        // Every shot keeps at least 1.2 s untouched by transitions (xfade windows must not overlap).
        const need = (prevShot.inFrames ?? 0) + j.frames + (prevShot.fadeOut ?? 0) + Math.round(1.2 * fps);
        if (prevShot.frames < need) {
          len += need - prevShot.frames;
          prevShot.frames = need;
        }
        joins.push(j);
        len += frames - j.frames + (j.hold ?? 0);
      } else len += frames;
      shots.push(shot);
    }
    const last = shots[shots.length - 1]!;
    last.frames = Math.max(last.frames, (last.inFrames ?? 0) + Math.round(1.2 * fps));
  }

  // Each shot is rendered once and split into head (its incoming xfade), body and tail (its
  // outgoing xfade). Every xfade runs with offset 0 on exactly-trimmed pieces and is trimmed to its
  // duration, so frame counts are exact (xfade's own offset bookkeeping is off by one at times).
  const parts: string[] = [];
  const pieces: string[] = [];
  const truth: { type: TruthType; variant: string; start: number; end: number; cut?: number }[] = [];
  const tail = (s: ShotPlan, extra: string[] = []) =>
    [...extra, `scale=${w}:${h}`, s.grain ? `noise=alls=${s.grain}:allf=t:all_seed=${Math.floor(rng() * 1e6)}` : "", `format=yuv420p,setsar=1,settb=1/${fps}`]
      .filter(Boolean)
      .join(",");
  const dIn = (i: number) => (i > 0 && joins[i - 1]!.xfade ? joins[i - 1]!.frames : 0);
  const dOut = (i: number) => (i < joins.length && joins[i]!.xfade ? joins[i]!.frames : 0);
  shots.forEach((s, i) => {
    const src = SOURCES[s.kind]({ rw, rh, fps, dur: s.frames / fps + 0.5, rng, id: `q${i}` }, { speed: s.speed });
    const din = dIn(i);
    const dout = dOut(i);
    const outs = [din ? `h${i}` : "", `b${i}`, dout ? `t${i}` : ""].filter(Boolean);
    parts.push(`${src},trim=end_frame=${s.frames},setpts=N/${fps}/TB${outs.length > 1 ? `,split=${outs.length}` : ""}${outs.map((o) => `[r${o}]`).join("")}`);
    const bodyLen = s.frames - din - dout;
    const fades: string[] = [];
    if (s.fadeIn) fades.push(`fade=t=in:st=0:d=${round(s.fadeIn / fps)}`);
    if (s.fadeOut) fades.push(`fade=t=out:st=${round((bodyLen - s.fadeOut) / fps)}:d=${round(s.fadeOut / fps)}`);
    const cut = (o: string, from: number, to: number) => `trim=start_frame=${from}:end_frame=${to},setpts=N/${fps}/TB`;
    if (din) parts.push(`[rh${i}]${cut("h", 0, din)},${tail(s)}[h${i}]`);
    parts.push(`[rb${i}]${cut("b", din, din + bodyLen)},${tail(s, fades)}[b${i}]`);
    if (dout) parts.push(`[rt${i}]${cut("t", din + bodyLen, s.frames)},${tail(s)}[t${i}]`);
  });
  let accLen = 0;
  shots.forEach((s, i) => {
    if (i > 0) {
      const j = joins[i - 1]!;
      if (j.xfade) {
        parts.push(`[t${i - 1}][h${i}]xfade=transition=${j.xfade}:duration=${round(j.frames / fps)}:offset=0,trim=end_frame=${j.frames},setpts=N/${fps}/TB[x${i}]`);
        pieces.push(`x${i}`);
        truth.push({ type: j.type, variant: j.xfade, start: accLen, end: accLen + j.frames });
        accLen += j.frames;
      } else if (j.type === "cut") {
        truth.push({ type: "cut", variant: "cut", start: accLen, end: accLen, cut: accLen });
      } else {
        const hold = j.hold ?? 0;
        const fo = shots[i - 1]!.fadeOut ?? 0;
        const fi = s.fadeIn ?? 0;
        if (hold > 0) {
          parts.push(`color=c=black:s=${w}x${h}:r=${fps}:d=${round(hold / fps + 0.5)},trim=end_frame=${hold},setpts=N/${fps}/TB,format=yuv420p,setsar=1,settb=1/${fps}[k${i}]`);
          pieces.push(`k${i}`);
        }
        truth.push({ type: "fade", variant: j.variant, start: accLen - fo, end: accLen + hold + fi });
        accLen += hold;
      }
    }
    pieces.push(`b${i}`);
    accLen += s.frames - dIn(i) - dOut(i);
  });
  const acc = "cat";
  parts.push(`${pieces.map((p) => `[${p}]`).join("")}concat=n=${pieces.length}:v=1:a=0,settb=1/${fps},setpts=N/${fps}/TB[${acc}]`);

  // Events inside shots, away from every transition window.
  const post: string[] = [];
  const busy = truth.map((t) => [t.start - Math.round(0.7 * fps), t.end + Math.round(0.7 * fps)]);
  for (let n = 0, tries = 0; n < (spec.flashes ?? 0) && tries < 500; tries++) {
    const at = Math.floor(between(rng, fps, accLen - fps));
    if (busy.some(([a, b]) => at >= a! && at <= b!)) continue;
    busy.push([at - fps, at + fps]);
    n++;
    const ev: Event = {
      at,
      kind: weighted(rng, ["flash", "flash-decay", "dropout"], [0.6, 0.3, 0.1]),
      frames: Math.floor(between(rng, 1, 3.99)),
      alpha: between(rng, 0.5, 1),
    };
    const colour = pick(rng, ["white", "white", "0xfff4d0"]);
    if (ev.kind === "flash") post.push(`drawbox=x=0:y=0:w=iw:h=ih:color=${colour}@${ev.alpha.toFixed(2)}:t=fill:enable='between(n,${at},${at + ev.frames - 1})'`);
    else if (ev.kind === "dropout") post.push(`drawbox=x=0:y=0:w=iw:h=ih:color=black@1:t=fill:enable='eq(n,${at})'`);
    else
      for (let k = 0; k < 3; k++)
        post.push(`drawbox=x=0:y=0:w=iw:h=ih:color=${colour}@${(ev.alpha * (1 - k / 3)).toFixed(2)}:t=fill:enable='eq(n,${at + k})'`);
  }
  if (spec.lighting) post.push(`eq=brightness='${spec.lighting}*sin(2*PI*t/${round(between(rng, 3, 8))})':eval=frame`);
  if (spec.openFade) {
    post.push(`fade=t=in:st=0:d=${round(Math.round(0.8 * fps) / fps)}`);
    post.push(`fade=t=out:st=${round((accLen - Math.round(1.0 * fps)) / fps)}:d=${round(Math.round(1.0 * fps) / fps)}`);
  }
  if (spec.outFps) post.push(`fps=${spec.outFps}`);
  post.push("format=yuv420p");
  parts.push(`[${acc}]${post.join(",")}[v]`);
  return { graph: parts.join(";\n"), truth, frames: accLen };
}

function parseFps(s: string): number {
  const [n, d] = s.split("/").map(Number);
  return d ? n! / d : n!;
}

/** Generates (or reuses) one clip in `dir`; returns it with ground truth in output seconds. */
export async function buildClip(spec: ClipSpec, dir: string): Promise<Clip> {
  const { graph, truth, frames } = planClip(spec);
  const crf = spec.crf ?? 21;
  const key = createHash("sha1").update(graph + crf).digest("hex").slice(0, 10);
  const file = path.join(dir, `${spec.name}-${key}.mp4`);
  if (!fs.existsSync(file)) {
    const graphFile = path.join(dir, `${spec.name}-${key}.graph`);
    fs.writeFileSync(graphFile, graph);
    const tmp = `${file}.part.mp4`;
    await run(
      process.env.FFMPEG_PATH || "ffmpeg",
      ["-hide_banner", "-loglevel", "error", "-y", "-filter_complex_script", graphFile, "-map", "[v]",
        "-c:v", "libx264", "-preset", "veryfast", "-crf", String(crf), "-pix_fmt", "yuv420p", tmp],
      { maxBuffer: 1 << 24 },
    );
    fs.renameSync(tmp, file);
  }
  const inFps = spec.fps;
  const outFps = spec.outFps ? parseFps(spec.outFps) : inFps;
  // fps filter (round=near): input frame j lands on output slot round(j·out/in).
  const toOut = (frame: number) => (spec.outFps ? Math.round((frame * outFps) / inFps) / outFps : frame / inFps);
  return {
    name: spec.name,
    file,
    width: spec.width,
    height: spec.height,
    fps: outFps,
    fpsLabel: spec.outFps ? `${inFps}→${outFps.toFixed(2)}` : String(inFps),
    seconds: frames / inFps,
    negative: spec.negative,
    frame: 1 / outFps,
    truth: truth.map((t) => {
      const start = toOut(t.start);
      const end = toOut(t.end);
      return { type: t.type, variant: t.variant, start, end, at: t.cut !== undefined ? toOut(t.cut) : (start + end) / 2 };
    }),
  };
}

/** The evaluation set: boundary clips (several sizes and rates) and hard negatives. */
export const EVAL_SET: ClipSpec[] = [
  { name: "b1-320x180-24", width: 320, height: 180, fps: 24, seconds: 75, seed: 11, flashes: 2 },
  { name: "b2-640x360-25", width: 640, height: 360, fps: 25, seconds: 75, seed: 12, openFade: true },
  { name: "b3-640x480-30", width: 640, height: 480, fps: 30, seconds: 75, seed: 13, flashes: 2 },
  { name: "b4-854x480-60", width: 854, height: 480, fps: 60, seconds: 60, seed: 14 },
  { name: "b5-1280x720-30", width: 1280, height: 720, fps: 30, seconds: 60, seed: 15, flashes: 2 },
  { name: "b6-480x270-24to2997", width: 480, height: 270, fps: 24, outFps: "30000/1001", seconds: 75, seed: 16, flashes: 2 },
  { name: "b7-320x180-25-similar", width: 320, height: 180, fps: 25, seconds: 60, seed: 17, kinds: ["testsrc2", "mandelbrot", "pan"], mix: [0.6, 0.2, 0.05, 0.15] },
  { name: "b8-640x360-30-grad", width: 640, height: 360, fps: 30, seconds: 75, seed: 18, mix: [0.2, 0.35, 0.2, 0.25], flashes: 3 },
  { name: "b9-426x240-60-fast", width: 426, height: 240, fps: 60, seconds: 60, seed: 19, kinds: ["pan", "pan", "testsrc2", "life", "cellauto"], flashes: 2 },
  { name: "b10-320x180-30-grad", width: 320, height: 180, fps: 30, seconds: 75, seed: 20, mix: [0.1, 0.35, 0.25, 0.3], grain: 3 },
  // Hard negatives: no shot boundary anywhere.
  { name: "n1-flashes", negative: "flash", source: "testsrc2", width: 640, height: 360, fps: 30, seconds: 50, seed: 31, flashes: 18 },
  { name: "n2-flashes-mandel", negative: "flash", source: "mandelbrot", width: 480, height: 270, fps: 25, seconds: 50, seed: 32, flashes: 16 },
  { name: "n3-fast-pan", negative: "fast motion", source: "pan", speed: 1.5, width: 640, height: 360, fps: 60, seconds: 50, seed: 33 },
  { name: "n4-whip-pan", negative: "fast motion", source: "pan", speed: 3, width: 320, height: 180, fps: 30, seconds: 50, seed: 34, flashes: 6 },
  { name: "n5-static-bars", negative: "static", source: "bars", width: 1280, height: 720, fps: 25, seconds: 50, seed: 35 },
  { name: "n6-static-title", negative: "static", source: "title", width: 640, height: 360, fps: 24, seconds: 40, seed: 36, grain: 10 },
  { name: "n7-near-black-noise", negative: "noise", source: "darknoise", width: 640, height: 360, fps: 30, seconds: 50, seed: 37, grain: 0 },
  { name: "n8-fps-24to2997", negative: "fps duplicates", source: "pan", speed: 0.8, width: 480, height: 270, fps: 24, outFps: "30000/1001", seconds: 50, seed: 38 },
  { name: "n9-fps-30to60", negative: "fps duplicates", source: "testsrc2", width: 640, height: 360, fps: 30, outFps: "60", seconds: 40, seed: 39, flashes: 5 },
  { name: "n10-chaos", negative: "fast motion", source: "life", width: 320, height: 180, fps: 25, seconds: 50, seed: 40 },
  { name: "n11-zoom", negative: "fast motion", source: "mandelbrot", width: 320, height: 180, fps: 30, seconds: 40, seed: 41 },
  { name: "n13-shake", negative: "fast motion", source: "shake", width: 640, height: 360, fps: 25, seconds: 40, seed: 43, flashes: 4 },
  { name: "n14-pan-flashes-25to50", negative: "fps duplicates", source: "pan", speed: 1.2, width: 480, height: 270, fps: 25, outFps: "50", seconds: 40, seed: 44, flashes: 8 },
  { name: "n12-lighting", negative: "lighting", source: "sierpinski", width: 640, height: 360, fps: 25, seconds: 50, seed: 42, lighting: 0.15 },
];

/** The 1080p clip: part of the evaluation and the subject of the speed measurement. */
export const SPEED_CLIP: ClipSpec = {
  name: "s1-1920x1080-30", width: 1920, height: 1080, fps: 30, seconds: 30, seed: 50, flashes: 2, grain: 5, crf: 20,
};
