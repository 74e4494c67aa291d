// Memory of the offline models: RSS of this process before any model, after each one loads
// (lazily, on first use) and after one inference each; PocketSphinx runs as its own process
// (its peak RSS read from /proc while it runs).
//   npx tsx bench/quality/memory.ts
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import { detectObjects } from "@/lib/analysis/labels";
import { speechRegions } from "@/lib/analysis/speech/vad";
import { readWavInfo } from "@/lib/analysis/speech/wav";
import { recognizeText } from "@/lib/analysis/visual/ocr";

const WAV = "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav";
// A keyframe as the pipeline makes them: at most 960 px wide.
const PHOTO = "/tmp/va-bench-memory-keyframe.jpg";
execFileSync("ffmpeg", ["-v", "error", "-y", "-i", "node_modules/@vladmandic/human/assets/samples.jpg", "-vf", "scale=960:-2", "-q:v", "3", PHOTO]);
const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;
const rss = () => process.memoryUsage().rss;

const base = rss();
const steps: [string, number][] = [];
await speechRegions(WAV, readWavInfo(WAV));
steps.push(["Silero VAD (onnxruntime) loaded + 7 s of audio", rss()]);
await detectObjects(PHOTO);
steps.push(["Human CenterNet + BlazeFace (TF.js WASM worker) loaded + 1 photo", rss()]);
await recognizeText(PHOTO);
steps.push(["PaddleOCR (onnxruntime) loaded + 1 photo", rss()]);
await detectObjects(PHOTO);
await recognizeText(PHOTO);
steps.push(["second inference of each", rss()]);

console.log(`RSS at start: ${mb(base)}`);
for (const [what, v] of steps) console.log(`  ${what.padEnd(70)} ${mb(v)} (+${mb(v - base)})`);
console.log(`RSS growth with all in-process models loaded: ${mb(steps[steps.length - 1]![1] - base)}`);

// PocketSphinx: its own process; peak RSS (VmHWM) sampled until it exits.
const child = spawn("pocketsphinx_continuous", ["-infile", WAV, "-logfn", "/dev/null"], { stdio: "ignore" });
let peak = 0;
const timer = setInterval(() => {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, "utf8"));
    if (m) peak = Math.max(peak, Number(m[1]) * 1024);
  } catch {}
}, 50);
await new Promise((r) => child.on("close", r));
clearInterval(timer);
console.log(`PocketSphinx (separate process, while it runs): peak RSS ${mb(peak)}`);
