// One shot of the real-footage set rendered on its own (exact frame count, target size and rate):
// a stretch of a real video (frame-rate converted by ffmpeg's fps filter, so 20→25 fps repeats
// every fourth frame), a photo filmed by a virtual camera (zoom, pan, hand-held shake, exposure
// drift, sensor grain), black, or a mandelbrot zoom. Cached by recipe.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { mediaFile, photoSize, type VideoName } from "./media";

const run = promisify(execFile);

export type ShotSource =
  | { kind: "video"; video: VideoName; from: number; palindrome?: boolean }
  | {
      kind: "photo";
      photo: string;
      /** Subject position in the photo, 0..1. */
      cx: number;
      cy: number;
      /** Zoom at the start and the end (1 = the largest 16:9 window around the subject). */
      z0: number;
      z1?: number;
      /** Drift of the subject over the shot, in output widths (x, y). */
      pan?: [number, number];
      /** Hand-held shake amplitude in output pixels. */
      shake?: number;
      /** eq brightness at the start and the end (exposure drift), −1..1. */
      exposure?: [number, number];
      /** Brightness flicker amplitude (auto-exposure hunting). */
      flicker?: number;
    }
  | { kind: "black" }
  | { kind: "mandelbrot" };

export interface RenderOptions {
  width: number;
  height: number;
  fps: number;
  frames: number;
  /** Grain strength (noise filter), default 4. */
  grain?: number;
}

const f4 = (x: number) => x.toFixed(4);

async function photoArgs(src: Extract<ShotSource, { kind: "photo" }>, o: RenderOptions): Promise<string[]> {
  const file = mediaFile(src.photo);
  const { width: pw, height: ph } = await photoSize(file);
  // The largest 16:9 window around the subject (clamped to the photo).
  const aspect = o.width / o.height;
  const cw = Math.min(pw, Math.floor(ph * aspect));
  const ch = Math.round(cw / aspect);
  const cxPix = Math.min(pw - cw, Math.max(0, Math.round(src.cx * pw - cw / 2)));
  const cyPix = Math.min(ph - ch, Math.max(0, Math.round(src.cy * ph - ch / 2)));
  // Subject inside that window, 0..1.
  const sx = (src.cx * pw - cxPix) / cw;
  const sy = (src.cy * ph - cyPix) / ch;
  const W = 2560;
  const H = Math.round(W / aspect);
  const N = Math.max(1, o.frames - 1);
  const z1 = src.z1 ?? src.z0;
  const zoom = `(${src.z0}+(${z1 - src.z0})*on/${N})`;
  const [px, py] = src.pan ?? [0, 0];
  const sh = src.shake ?? 0;
  // Shake in input pixels (the window is iw/zoom wide and becomes o.width wide).
  const shakeX = sh ? `+${sh}*(iw/zoom/${o.width})*(sin(on*0.9)+0.6*sin(on*2.3+1))` : "";
  const shakeY = sh ? `+${sh}*(ih/zoom/${o.height})*0.6*(sin(on*1.3+2)+0.5*sin(on*3.1))` : "";
  const x = `max(0,min(iw-iw/zoom,${f4(sx)}*iw+${px}*(iw/zoom)*on/${N}-iw/zoom/2${shakeX}))`;
  const y = `max(0,min(ih-ih/zoom,${f4(sy)}*ih+${py}*(ih/zoom)*on/${N}-ih/zoom/2${shakeY}))`;
  const filters = [
    `crop=${cw}:${ch}:${cxPix}:${cyPix}`,
    `scale=${W}:${H}`,
    `zoompan=z='${zoom}':x='${x}':y='${y}':d=1:s=${o.width}x${o.height}:fps=${o.fps}`,
  ];
  const [b0, b1] = src.exposure ?? [0, 0];
  const flick = src.flicker ? `+${src.flicker}*sin(t*7.1)*sin(t*2.3)` : "";
  if (b0 || b1 || flick) filters.push(`eq=brightness='${b0}+(${b1 - b0})*t/${f4(o.frames / o.fps)}${flick}':eval=frame`);
  return ["-loop", "1", "-framerate", String(o.fps), "-i", file, "-vf", filters.join(",")];
}

function videoArgs(src: Extract<ShotSource, { kind: "video" }>, o: RenderOptions): string[] {
  const fit = `scale=${o.width}:${o.height}:force_original_aspect_ratio=increase,crop=${o.width}:${o.height}`;
  if (src.palindrome) {
    // Forward then backward (for the 1.2 s clip), repeated as needed.
    return [
      "-stream_loop", "4", "-i", mediaFile(src.video),
      "-filter_complex", `[0:v]trim=end=1.2,setpts=PTS-STARTPTS,split[a][b];[b]reverse[r];[a][r]concat=n=2:v=1:a=0,loop=loop=-1:size=72,setpts=N/30/TB,fps=${o.fps},${fit}`,
    ];
  }
  // Seek after -i: exact frames.
  return ["-i", mediaFile(src.video), "-ss", String(src.from), "-vf", `fps=${o.fps},${fit}`];
}

async function frameCount(file: string): Promise<number> {
  const args = ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", file];
  const { stdout } = await run(process.env.FFPROBE_PATH || "ffprobe", args);
  return Number(stdout.trim());
}

/** Renders (or reuses) the shot; returns the path of an intermediate file with exactly `frames` frames. */
export async function renderShot(src: ShotSource, o: RenderOptions, dir: string): Promise<string> {
  const grain = o.grain ?? 4;
  let args: string[];
  if (src.kind === "photo") args = await photoArgs(src, o);
  else if (src.kind === "video") args = videoArgs(src, o);
  else if (src.kind === "black") args = ["-f", "lavfi", "-i", `color=c=black:s=${o.width}x${o.height}:r=${o.fps}`];
  else args = ["-f", "lavfi", "-i", `mandelbrot=s=${o.width}x${o.height}:rate=${o.fps}`];
  const post = src.kind === "black" || !grain ? "format=yuv420p" : `noise=alls=${grain}:allf=t,format=yuv420p`;
  const vfAt = args.indexOf("-vf");
  const fcAt = args.indexOf("-filter_complex");
  if (vfAt >= 0) args[vfAt + 1] += `,${post}`;
  else if (fcAt >= 0) args[fcAt + 1] += `,${post}`;
  else args.push("-vf", post);
  const key = createHash("sha1").update(JSON.stringify([args, o.frames])).digest("hex").slice(0, 12);
  const out = path.join(dir, `shot-${key}.mkv`);
  if (fs.existsSync(out) && (fs.existsSync(`${out}.ok`) || (await frameCount(out)) === o.frames)) {
    fs.writeFileSync(`${out}.ok`, String(o.frames));
    return out;
  }
  const tmp = `${out}.part.mkv`;
  await run(
    process.env.FFMPEG_PATH || "ffmpeg",
    ["-hide_banner", "-loglevel", "error", "-y", ...args, "-frames:v", String(o.frames), "-an",
      "-c:v", "libx264", "-preset", "ultrafast", "-qp", "8", "-r", String(o.fps), tmp],
    { maxBuffer: 1 << 24 },
  );
  // A source that ends early would shift every boundary after this shot: refuse it.
  const count = await frameCount(tmp);
  if (count !== o.frames) {
    fs.rmSync(tmp, { force: true });
    throw new Error(`shot ${JSON.stringify(src)} rendered ${count} frames, not ${o.frames} (the source is too short?)`);
  }
  fs.renameSync(tmp, out);
  fs.writeFileSync(`${out}.ok`, String(o.frames));
  return out;
}
