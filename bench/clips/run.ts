// Clip cutting speed: the product's cutter (lib/clips/cut-clip.ts: one ffmpeg, per-range input
// seek + trim/atrim + concat, libx264 veryfast CRF 20 + AAC) against a plain ffmpeg cut of the
// same ranges (`ffmpeg -ss S -to E -i src`, re-encoded with the same settings, one process per
// range, then the concat demuxer with stream copy). Interleaved rounds (A B, B A, …), medians,
// ratio = plain / product (≥ 1: the product is faster). Both outputs are checked: duration =
// sum of ranges within 0.1 s per range.
//
//   npx tsx --conditions=react-server bench/clips/run.ts [--rounds=5] [--seconds=120] [--size=1280x720] [--dir=PATH]
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { cutClip } from "@/lib/clips/cut-clip";
import { median } from "../median";

const arg = (name: string, def: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def;
const rounds = Number(arg("rounds", "5"));
const seconds = Number(arg("seconds", "120"));
const size = arg("size", "1280x720");
const dir = arg("dir", path.join(os.tmpdir(), "clips-bench"));
const ffmpeg = process.env.FFMPEG_PATH || "ffmpeg";
const ffprobe = process.env.FFPROBE_PATH || "ffprobe";
fs.mkdirSync(dir, { recursive: true });

const src = path.join(dir, `src-${seconds}s-${size}.mp4`);
if (!fs.existsSync(src)) {
  console.error(`generating ${src} …`);
  execFileSync(ffmpeg, [
    "-v", "error", "-y",
    "-f", "lavfi", "-i", `testsrc2=s=${size}:r=30:d=${seconds}`,
    "-f", "lavfi", "-i", `sine=frequency=330:sample_rate=48000:duration=${seconds}`,
    "-c:v", "libx264", "-preset", "veryfast", "-crf", "21", "-g", "60", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", src,
  ]);
}

// Six ranges spread over the video, none starting on a keyframe (keyframes every 2 s), ~30 s in all.
const ranges = [
  { start: 3.37, end: 8.9 },
  { start: seconds * 0.25 + 0.53, end: seconds * 0.25 + 5.2 },
  { start: seconds * 0.4 + 1.11, end: seconds * 0.4 + 6.0 },
  { start: seconds * 0.6 + 0.7, end: seconds * 0.6 + 5.73 },
  { start: 12.1, end: 15.4 },
  { start: seconds * 0.9 + 0.27, end: seconds * 0.9 + 6.1 },
];
const sum = ranges.reduce((s, r) => s + r.end - r.start, 0);

function duration(file: string): number {
  return Number(execFileSync(ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file]).toString().trim());
}

async function product(out: string): Promise<void> {
  await cutClip(ranges.map((r) => ({ file: src, ...r })), out);
}

function plain(out: string): void {
  const parts: string[] = [];
  ranges.forEach((r, i) => {
    const part = path.join(dir, `plain-part-${i}.mp4`);
    execFileSync(ffmpeg, [
      "-v", "error", "-y", "-ss", String(r.start), "-to", String(r.end), "-i", src,
      "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k", part,
    ]);
    parts.push(part);
  });
  const list = path.join(dir, "plain-list.txt");
  fs.writeFileSync(list, parts.map((p) => `file '${p}'`).join("\n"));
  execFileSync(ffmpeg, ["-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", list, "-c", "copy", "-movflags", "+faststart", out]);
}

async function main() {
  const times = { product: [] as number[], plain: [] as number[] };
  const outs = { product: path.join(dir, "product.mp4"), plain: path.join(dir, "plain.mp4") };
  console.log(`source ${seconds} s ${size} 30 fps; ${ranges.length} ranges, ${sum.toFixed(2)} s in all; ${rounds} interleaved rounds; load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  for (let i = 0; i < rounds; i++) {
    const order: ("product" | "plain")[] = i % 2 ? ["plain", "product"] : ["product", "plain"];
    for (const which of order) {
      const t0 = performance.now();
      if (which === "product") await product(outs.product);
      else plain(outs.plain);
      times[which].push((performance.now() - t0) / 1000);
    }
    console.log(`round ${i + 1}: product ${times.product.at(-1)!.toFixed(2)} s, plain ${times.plain.at(-1)!.toFixed(2)} s`);
  }
  for (const which of ["product", "plain"] as const) {
    const d = duration(outs[which]);
    console.log(`${which}: duration ${d.toFixed(3)} s (sum of ranges ${sum.toFixed(3)} s, off by ${Math.abs(d - sum).toFixed(3)} s; allowed ${(0.1 * ranges.length).toFixed(1)})`);
  }
  const p = median(times.product);
  const b = median(times.plain);
  console.log(`median: product ${p.toFixed(2)} s, plain ffmpeg ${b.toFixed(2)} s → speed ratio (plain / product) ${(b / p).toFixed(2)}× (target ≥ 0.8×)`);
}

void main();
