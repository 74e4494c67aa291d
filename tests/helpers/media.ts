// Clips generated with ffmpeg for tests: known content, a few seconds long, made once per file.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-clips-"));

export interface ClipOptions {
  seconds?: number;
  size?: string;
  fps?: number;
  /** Adds a mov_text subtitle track with these cues. */
  subtitles?: { start: number; end: number; text: string }[];
  audio?: boolean;
  ext?: "mp4" | "mkv" | "mov";
}

function srtTime(t: number): string {
  const ms = Math.round(t * 1000);
  const p = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${p(Math.floor(ms / 3600000))}:${p(Math.floor(ms / 60000) % 60)}:${p(Math.floor(ms / 1000) % 60)},${p(ms % 1000, 3)}`;
}

/** A clip of colour blocks with a hard cut every 2 seconds (red, green, blue, …). */
export function makeClip(name: string, opts: ClipOptions = {}): string {
  const seconds = opts.seconds ?? 4;
  const size = opts.size ?? "320x180";
  const fps = opts.fps ?? 25;
  const ext = opts.ext ?? "mp4";
  const out = path.join(dir, `${name}.${ext}`);
  if (fs.existsSync(out)) return out;
  const colours = ["red", "green", "blue", "yellow", "white", "purple"];
  const parts = Math.max(1, Math.ceil(seconds / 2));
  const args = ["-v", "error", "-y"];
  for (let i = 0; i < parts; i++) {
    args.push("-f", "lavfi", "-i", `color=c=${colours[i % colours.length]}:s=${size}:r=${fps}:d=${Math.min(2, seconds - i * 2)}`);
  }
  let inputs = parts;
  if (opts.audio !== false) {
    args.push("-f", "lavfi", "-i", `sine=frequency=440:sample_rate=16000:duration=${seconds}`);
    inputs++;
  }
  let subIndex = -1;
  if (opts.subtitles?.length) {
    const srt = path.join(dir, `${name}.srt`);
    fs.writeFileSync(srt, opts.subtitles.map((c, i) => `${i + 1}\n${srtTime(c.start)} --> ${srtTime(c.end)}\n${c.text}\n`).join("\n"));
    args.push("-i", srt);
    subIndex = inputs++;
  }
  const concat = Array.from({ length: parts }, (_, i) => `[${i}:v]`).join("") + `concat=n=${parts}:v=1:a=0[v]`;
  args.push("-filter_complex", concat, "-map", "[v]");
  if (opts.audio !== false) args.push("-map", `${parts}:a`, "-c:a", "aac");
  if (subIndex >= 0) args.push("-map", `${subIndex}:s`, "-c:s", ext === "mkv" ? "srt" : "mov_text");
  args.push("-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", String(fps), out);
  execFileSync("ffmpeg", args);
  return out;
}

/** A file that is not a video at all, with a video extension. */
export function makeNotAVideo(name = "not-a-video"): string {
  const out = path.join(dir, `${name}.mp4`);
  fs.writeFileSync(out, "this is plain text, not a video\n".repeat(100));
  return out;
}

/**
 * The first `bytes` of an 11 s testsrc + sine MP4 (640×360, 25 fps): a damaged upload. With
 * `faststart` the index (moov) comes first, so the file still declares 11 s but its data ends
 * early; without it the index sits at the end and is cut off, so nothing can be read.
 */
export function makeTruncatedMp4(name: string, opts: { bytes: number; faststart: boolean }): string {
  const whole = path.join(dir, `testsrc-11s${opts.faststart ? "-faststart" : ""}.mp4`);
  if (!fs.existsSync(whole)) {
    execFileSync("ffmpeg", [
      "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=640x360:rate=25:duration=11",
      "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=16000:duration=11",
      "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "25", "-c:a", "aac",
      ...(opts.faststart ? ["-movflags", "+faststart"] : []), whole,
    ]);
  }
  const out = path.join(dir, `${name}.mp4`);
  fs.writeFileSync(out, fs.readFileSync(whole).subarray(0, opts.bytes));
  return out;
}
