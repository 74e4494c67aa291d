// Memory of the offline models with all of them loaded and used, as the process hosting them
// pays for it: this process's RSS (worker threads included: the TF.js models worker runs the
// sentence encoder and the visual detector) plus the RSS of the ONNX models' child process
// (PaddleOCR + Silero VAD), read from /proc. Shared pages (the node binary, libraries) count in
// both processes' RSS, so the sum overstates; PSS (shared pages split between the processes) is
// printed beside it. PocketSphinx runs as its own short-lived process per transcription; its peak
// is printed separately.
//   npx tsx bench/quality/memory.ts
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import { onnxHostPid, stopOnnxHost } from "@/lib/ai/onnx-host";
import { encodeSentences } from "@/lib/ai/sentence-encoder";
import { askTfjsModels, stopTfjsModels } from "@/lib/ai/tfjs-models";
import { detectObjects } from "@/lib/analysis/labels";
import { speechRegions } from "@/lib/analysis/speech/vad";
import { readWavInfo } from "@/lib/analysis/speech/wav";
import { recognizeText } from "@/lib/analysis/visual/ocr";

const WAV = "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav";
// A keyframe as the pipeline makes them: at most 960 px wide.
const PHOTO = "/tmp/va-bench-memory-keyframe.jpg";
execFileSync("ffmpeg", ["-v", "error", "-y", "-i", "node_modules/@vladmandic/human/assets/samples.jpg", "-vf", "scale=960:-2", "-q:v", "3", PHOTO]);
const ROUNDS = 3;
// The segments of a video as the search index embeds them (batches of many texts).
const TEXTS = Array.from({ length: 200 }, (_, i) => `Segment ${i}: a cockatoo sits on the lighthouse rail while seagulls circle above the harbour at dusk.`);

const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;
function status(pid: number | "self"): { rss: number; hwm: number; pss: number } {
  const kb = (re: RegExp, text: string) => Number(re.exec(text)?.[1] ?? 0) * 1024;
  try {
    const st = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const pss = kb(/^Pss:\s+(\d+) kB/m, fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
    return { rss: kb(/VmRSS:\s+(\d+) kB/, st), hwm: kb(/VmHWM:\s+(\d+) kB/, st), pss };
  } catch {
    return { rss: 0, hwm: 0, pss: 0 };
  }
}

const base = status("self");
const rows: string[] = [];
function step(what: string) {
  const self = status("self");
  const pid = onnxHostPid();
  const child = pid ? status(pid) : { rss: 0, hwm: 0, pss: 0 };
  const growth = self.rss - base.rss + child.rss;
  rows.push(`  ${what.padEnd(52)} this process +${mb(self.rss - base.rss).padStart(6)}  ONNX child ${mb(child.rss).padStart(6)}  = +${mb(growth)}`);
  return { self, child, growth };
}
async function worker(): Promise<string> {
  const s = await askTfjsModels<{ wasmHeapBytes: number; tensorBytes: number; v8HeapBytes: number }>("stats");
  return `TF.js worker: WASM heap ${mb(s.wasmHeapBytes)} (live tensors ${mb(s.tensorBytes)}), V8 heap ${mb(s.v8HeapBytes)}`;
}

await speechRegions(WAV, readWavInfo(WAV));
step("Silero VAD (ONNX child) + 7 s of audio");
await detectObjects(PHOTO);
step("Human CenterNet + BlazeFace (TF.js worker) + 1 frame");
await recognizeText(PHOTO);
step("PaddleOCR (ONNX child) + 1 frame");
await encodeSentences(TEXTS);
let last = step(`USE Lite (same TF.js worker) + ${TEXTS.length} texts`);
for (let r = 2; r <= ROUNDS + 1; r++) {
  await speechRegions(WAV, readWavInfo(WAV));
  await detectObjects(PHOTO);
  await recognizeText(PHOTO);
  await encodeSentences(TEXTS);
  await encodeSentences(["when does the screen go dark?"]);
  last = step(`round ${r} of every model`);
}
const workerStats = await worker();
const pid = onnxHostPid()!;
const child = status(pid);
const self = status("self");
console.log(`this process at start: RSS ${mb(base.rss)}`);
for (const r of rows) console.log(r);
console.log(`\nRSS growth with every model loaded and used ${ROUNDS + 1} times: ${mb(last.growth)} ` +
  `(this process incl. its worker threads +${mb(self.rss - base.rss)}, ONNX child process ${mb(child.rss)})`);
console.log(`  PSS instead of RSS (shared pages split): this process +${mb(self.pss - base.pss)}, ONNX child ${mb(child.pss)} = +${mb(self.pss - base.pss + child.pss)}`);
console.log(`  ${workerStats}`);
console.log(`  peaks (VmHWM): this process +${mb(self.hwm - base.rss)}, ONNX child ${mb(child.hwm)} = +${mb(self.hwm - base.rss + child.hwm)}`);

await stopOnnxHost();
await stopTfjsModels();
// PocketSphinx: its own process per transcription; peak RSS (VmHWM) sampled until it exits.
const ps = spawn("pocketsphinx_continuous", ["-infile", WAV, "-logfn", "/dev/null"], { stdio: "ignore" });
let peak = 0;
const timer = setInterval(() => {
  peak = Math.max(peak, status(ps.pid!).hwm);
}, 50);
await new Promise((r) => ps.on("close", r));
clearInterval(timer);
console.log(`PocketSphinx (separate process, only while it transcribes): peak RSS ${mb(peak)}`);
