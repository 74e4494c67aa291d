// The storyboard: one frame every `interval` seconds (at most STORYBOARD_MAX_FRAMES, interval ≥ 1 s),
// each 160 px wide, tiled 10 to a row into one JPEG, and a WebVTT thumbnails track naming each
// tile (storyboard-vtt.ts), stored next to the thumbnail under results/<user_id>/<job_id>/.
//
// In a run, the tiles come from the decode pass's stills (storyboard-stills.ts): no decode at all.
// Without them (a storyboard made on its own), it is cheap by construction: one ffmpeg pass (fps → scale → tile) whose decoder skips what the tiles
// don't need. First only keyframes are decoded (`-skip_frame nokey`, a few % of a full decode);
// that sprite is kept when every tile's frame lies inside its own cue, which holds whenever
// keyframes come at least every half interval. When they come at least every interval instead
// (keyframes every 2 s, 1 s cues), another keyframes-only pass makes tiles twice the interval apart.
// Only sparser keyframes cost a real decode: reference frames only (`-skip_frame noref`: B-frames
// are skipped, frames stay within a few of the wanted time), and everything should that yield no
// frame at all.
//
// ffmpeg's fps filter (default rounding, start_time=0) fills slot n with the last frame before
// (n + ½)·interval, so on a full decode a tile shows the middle of its cue.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ffmpegPath, MediaToolError } from "@/lib/media/ffmpeg";
import { buildStoryboardVtt, type StoryboardCue } from "@/lib/playback/storyboard-vtt";
import { getStorage } from "@/lib/storage";
import { resultsPrefix } from "@/lib/storage/derived-files";
import type { SharedMedia } from "@/lib/analysis/shared-media";
import { runSignal } from "@/lib/core/run-context";
import { tileStills } from "./storyboard-stills";
import { logger } from "@/lib/log/logger";

const log = logger("pipeline");

export const STORYBOARD_MAX_FRAMES = 100;
export const STORYBOARD_TILE_WIDTH = 160;
export const STORYBOARD_COLUMNS = 10;
/** Portrait extremes are capped so the sprite stays a sane size. */
const MAX_TILE_HEIGHT = 480;
/** The sprite's name, relative to the VTT (as the stored track names it). */
export const STORYBOARD_IMAGE_NAME = "storyboard.jpg";

export const storyboardImageKey = (userId: string, jobId: string) => `${resultsPrefix(userId, jobId)}${STORYBOARD_IMAGE_NAME}`;
export const storyboardVttKey = (userId: string, jobId: string) => `${resultsPrefix(userId, jobId)}storyboard.vtt`;

/** Seconds between frames: a whole number ≥ 1 that keeps a video within STORYBOARD_MAX_FRAMES. */
export function storyboardInterval(duration: number): number {
  return Math.max(1, Math.ceil(duration / STORYBOARD_MAX_FRAMES));
}

export interface Layout {
  /** Seconds per tile. */
  interval: number;
  /** Tiles (cues) wanted: the video's duration in intervals. */
  slots: number;
  columns: number;
  rows: number;
}

export function storyboardLayout(duration: number, interval = storyboardInterval(duration)): Layout {
  const slots = Math.max(1, Math.min(STORYBOARD_MAX_FRAMES, Math.ceil(duration / interval - 1e-9)));
  const columns = Math.min(STORYBOARD_COLUMNS, slots);
  return { interval, slots, columns, rows: Math.ceil(slots / columns) };
}

/**
 * Whether a keyframes-only decode puts into every slot a frame from the slot's own cue
 * [n·interval, (n+1)·interval). Slot n gets the last keyframe before (n + ½)·interval, or the
 * first keyframe when none is that early.
 */
export function keyframesCoverSlots(keyframes: readonly number[], interval: number, slots: number, tolerance = 0.05): boolean {
  if (!keyframes.length) return false;
  const times = [...keyframes].sort((a, b) => a - b);
  let k = 0;
  for (let n = 0; n < slots; n++) {
    const before = (n + 0.5) * interval;
    while (k + 1 < times.length && times[k + 1]! < before - 1e-9) k++;
    const picked = times[k]!;
    if (picked < n * interval - tolerance || picked >= (n + 1) * interval) return false;
  }
  return true;
}

type Strategy = "stills" | "keyframes" | "reference" | "all";

interface PassResult {
  /** Times of the decoded frames entering the filter (keyframes pass only). */
  sourceTimes: number[];
  /** Frames that reached the tile filter. */
  tiles: number;
  tileWidth: number;
  tileHeight: number;
}

const SHOWINFO = /^\[showinfo@(src|out) @ [^\]]*\] n:\s*\d+ .*?pts_time:(-?[\d.]+(?:e[-+]?\d+)?)(?:.*?\bs:(\d+)x(\d+))?/;

/** One ffmpeg pass; stderr is read line by line (a long video logs thousands of keyframes). */
function runPass(source: string, out: string, strategy: Strategy, layout: Layout): Promise<PassResult> {
  const skip = strategy === "keyframes" ? ["-skip_frame", "nokey"] : strategy === "reference" ? ["-skip_frame", "noref"] : [];
  const height = `min(${MAX_TILE_HEIGHT},max(2,2*trunc(${STORYBOARD_TILE_WIDTH / 2}/dar+0.5)))`;
  const filters = [
    ...(strategy === "keyframes" ? ["showinfo@src"] : []),
    `fps=fps=1/${layout.interval}:start_time=0:eof_action=pass`,
    // Display aspect (non-square pixels too), an even height.
    `scale=w=${STORYBOARD_TILE_WIDTH}:h='${height}'`,
    "setsar=1",
    "showinfo@out",
    `tile=${layout.columns}x${layout.rows}`,
  ];
  const args = [
    "-hide_banner", "-nostdin", "-nostats", "-loglevel", "info", "-y", ...skip,
    "-i", source, "-map", "0:V:0", "-an", "-sn", "-dn",
    "-vf", filters.join(","),
    "-frames:v", "1", "-update", "1", "-c:v", "mjpeg", "-q:v", "5", out,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ["ignore", "ignore", "pipe"], signal: runSignal() });
    const result: PassResult = { sourceTimes: [], tiles: 0, tileWidth: 0, tileHeight: 0 };
    const tail: string[] = [];
    let pending = "";
    const onLine = (line: string) => {
      const m = SHOWINFO.exec(line);
      if (!m) {
        if (line.trim()) tail.push(line.trim());
        if (tail.length > 5) tail.shift();
        return;
      }
      if (m[1] === "src") result.sourceTimes.push(Number(m[2]));
      else {
        result.tiles++;
        if (m[3]) {
          result.tileWidth = Number(m[3]);
          result.tileHeight = Number(m[4]);
        }
      }
    };
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      pending += chunk;
      const lines = pending.split(/\r?\n/);
      pending = lines.pop() ?? "";
      lines.forEach(onLine);
    });
    child.on("error", (e) =>
      reject(new MediaToolError((e as NodeJS.ErrnoException).code === "ENOENT" ? `${ffmpegPath()} is not installed` : e.message)),
    );
    child.on("close", (code) => {
      if (pending) onLine(pending);
      if (code === 0) resolve(result);
      else reject(new MediaToolError(`ffmpeg exited with ${code}: ${tail.slice(-3).join(" | ")}`));
    });
  });
}

export interface StoryboardInfo {
  vttKey: string;
  imageKey: string;
  /** Seconds per tile. */
  interval: number;
  frames: number;
  columns: number;
  tileWidth: number;
  tileHeight: number;
  /** What made it: the decode pass's stills, or a decode of keyframes only, reference frames only, or every frame. */
  strategy: Strategy;
  /** Wall time of the rendering, in milliseconds. */
  ms: number;
}

interface StoryboardParams {
  shared: SharedMedia;
  userId: string;
  jobId: string;
  /** Skip the cheaper decodes (tests). */
  strategies?: Strategy[];
}

/** Renders and stores the storyboard; null for a video without a (timed) video stream. */
export async function renderStoryboard({ shared, userId, jobId, strategies = ["stills", "keyframes", "reference", "all"] }: StoryboardParams): Promise<StoryboardInfo | null> {
  const duration = shared.media.duration;
  if (!shared.media.video || !(duration > 0)) return null;
  const began = Date.now();
  const source = await shared.sourcePath();
  const image = path.join(shared.workDir, STORYBOARD_IMAGE_NAME);
  let lastError: unknown = null;
  const attempt = async (strategy: Strategy, layout: Layout): Promise<PassResult | null> => {
    try {
      const pass = await runPass(source, image, strategy, layout);
      return pass.tiles > 0 && pass.tileWidth > 0 && fs.existsSync(image) ? pass : null;
    } catch (err) {
      // A decoder that rejects a skip option, say: a fuller decode may still work.
      lastError = err;
      return null;
    }
  };
  const covered = (pass: PassResult, layout: Layout) => keyframesCoverSlots(pass.sourceTimes, layout.interval, layout.slots);

  const base = storyboardLayout(duration);
  let made: { pass: PassResult; strategy: Strategy; layout: Layout } | null = null;
  // Stills only when this run's decode pass already made them (never a decode just for this).
  const stills = strategies.includes("stills") ? shared.decodedStills() : [];
  if (stills.length) {
    const tiled = await tileStills(stills, base, STORYBOARD_TILE_WIDTH, MAX_TILE_HEIGHT, image).catch((err) => {
      lastError = err;
      return null;
    });
    if (tiled) made = { pass: { sourceTimes: [], ...tiled }, strategy: "stills", layout: base };
  }
  if (!made && strategies.includes("keyframes")) {
    const pass = await attempt("keyframes", base);
    if (pass && covered(pass, base)) made = { pass, strategy: "keyframes", layout: base };
    else if (pass) {
      // Keyframes every 2 s and 1 s cues, say: twice the interval from keyframes beats decoding
      // most of the video for the finer one.
      const coarser = storyboardLayout(duration, base.interval * 2);
      if (keyframesCoverSlots(pass.sourceTimes, coarser.interval, coarser.slots)) {
        const again = await attempt("keyframes", coarser);
        if (again && covered(again, coarser)) made = { pass: again, strategy: "keyframes", layout: coarser };
      }
    }
  }
  for (const strategy of ["reference", "all"] as const) {
    if (made || !strategies.includes(strategy)) continue;
    const pass = await attempt(strategy, base);
    if (pass) made = { pass, strategy, layout: base };
  }
  if (!made) throw lastError ?? new MediaToolError("ffmpeg made no storyboard frames");
  const { pass, strategy, layout } = made;
  const frames = Math.min(pass.tiles, layout.slots);
  const cues: StoryboardCue[] = Array.from({ length: frames }, (_, n) => ({
    start: n * layout.interval,
    // The last tile stands for the rest of the video.
    end: n === frames - 1 ? Math.max(duration, n * layout.interval + 0.001) : (n + 1) * layout.interval,
    url: STORYBOARD_IMAGE_NAME,
    x: (n % layout.columns) * pass.tileWidth,
    y: Math.floor(n / layout.columns) * pass.tileHeight,
    w: pass.tileWidth,
    h: pass.tileHeight,
  }));
  const storage = getStorage();
  const imageKey = storyboardImageKey(userId, jobId);
  const vttKey = storyboardVttKey(userId, jobId);
  // The track last: once it exists, so does the image it names.
  await storage.putFile(imageKey, image, "image/jpeg");
  await storage.putBytes(vttKey, buildStoryboardVtt(cues), "text/vtt; charset=utf-8");
  fs.rmSync(image, { force: true });
  return {
    vttKey,
    imageKey,
    interval: layout.interval,
    frames,
    columns: layout.columns,
    tileWidth: pass.tileWidth,
    tileHeight: pass.tileHeight,
    strategy,
    ms: Date.now() - began,
  };
}

/** The pipeline's storyboard step: a failure is a note of the run, never a failed run. */
export async function storyboardStep(params: StoryboardParams): Promise<{ storyboard: StoryboardInfo | null; note?: string }> {
  try {
    return { storyboard: await renderStoryboard(params) };
  } catch (err) {
    log.warn({ err, jobId: params.jobId }, `storyboard of ${params.jobId} failed`);
    return { storyboard: null, note: `No storyboard (moment previews) was made: ${(err as Error).message || String(err)}` };
  }
}
