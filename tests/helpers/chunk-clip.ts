// A clip made to fall on chunk borders: picture cuts at given times (four lavfi sources in turn)
// and LibriVox utterances (pocketsphinx-testdata) at given start times over quiet room tone, with
// keyframes every 5 s (so 10 s chunks split exactly at 10 and 20 s).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOM_TONE } from "./speech";

const SOURCES = ["testsrc2=s=320x180:r=25", "smptebars=s=320x180:r=25", "mandelbrot=s=320x180:r=25", "testsrc=s=320x180:r=25", "rgbtestsrc=s=320x180:r=25"];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-chunk-clip-"));

export function chunkBorderClip(name: string, o: { seconds: number; cuts: number[]; speech: { file: string; at: number }[] }): string {
  const out = path.join(dir, `${name}.mp4`);
  const bounds = [0, ...o.cuts, o.seconds];
  const inputs: string[] = [];
  const pictures: string[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    inputs.push("-f", "lavfi", "-i", `${SOURCES[i % SOURCES.length]},trim=duration=${(bounds[i + 1]! - bounds[i]!).toFixed(3)}`);
    pictures.push(`[${i}:v]`);
  }
  const n = pictures.length;
  inputs.push("-f", "lavfi", "-t", String(o.seconds), "-i", ROOM_TONE);
  const audio = [`[${n}:a]`];
  let chain = "";
  o.speech.forEach((s, k) => {
    inputs.push("-i", s.file);
    const ms = Math.round(s.at * 1000);
    chain += `[${n + 1 + k}:a]adelay=${ms}|${ms}[s${k}];`;
    audio.push(`[s${k}]`);
  });
  chain += `${pictures.join("")}concat=n=${n}:v=1:a=0[v];${audio.join("")}amix=inputs=${audio.length}:duration=first:normalize=0[a]`;
  execFileSync("ffmpeg", [
    "-v", "error", "-y", ...inputs, "-filter_complex", chain, "-map", "[v]", "-map", "[a]",
    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-force_key_frames", "expr:gte(t,n_forced*5)", "-sc_threshold", "0", "-g", "250",
    "-c:a", "aac", "-ar", "16000", "-t", String(o.seconds), out,
  ]);
  return out;
}
