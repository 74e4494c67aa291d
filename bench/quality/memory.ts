// Memory of the offline models with all of them loaded and used, as the server pays for it: this
// process's RSS growth plus the whole RSS of each model process — the TF.js models' process
// (sentence encoder + visual detector) and the ONNX models' process (PaddleOCR + Silero VAD) —
// read from /proc. A model process's RSS includes its own Node runtime and the pages it shares with
// this process (the node binary, libraries), so the sum overstates; PSS (shared pages split between
// the processes) is printed beside it. PocketSphinx runs as its own short-lived process per
// transcription; its peak is printed separately.
//   npx tsx bench/quality/memory.ts
import { execFileSync, spawn } from "node:child_process";
import { onnxHost } from "@/lib/ai/onnx-host";
import { encodeSentences } from "@/lib/ai/sentence-encoder";
import { tfjsModels } from "@/lib/ai/tfjs-models";
import { detectObjects } from "@/lib/analysis/labels";
import { speechRegions } from "@/lib/analysis/speech/vad";
import { readWavInfo } from "@/lib/analysis/speech/wav";
import { recognizeText } from "@/lib/analysis/visual/ocr";
import { processMemory, type ProcessMemory } from "./metrics";

const WAV = "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav";
// A keyframe as the pipeline makes them: at most 960 px wide.
const PHOTO = "/tmp/va-bench-memory-keyframe.jpg";
execFileSync("ffmpeg", ["-v", "error", "-y", "-i", "node_modules/@vladmandic/human/assets/samples.jpg", "-vf", "scale=960:-2", "-q:v", "3", PHOTO]);
const ROUNDS = 3;
// The segments of a video as the search index embeds them (batches of many texts).
const TEXTS = Array.from({ length: 200 }, (_, i) => `Segment ${i}: a cockatoo sits on the lighthouse rail while seagulls circle above the harbour at dusk.`);

const mb = (b: number) => `${(b / 2 ** 20).toFixed(0)} MB`;
/** A growth, with its sign. */
const grew = (b: number) => `${b < 0 ? "−" : "+"}${mb(Math.abs(b))}`;
const base = processMemory("self");
/** This process's growth, each model process whole, and their sum (of `key`). */
function measure() {
  const self = processMemory("self");
  const tfjs = processMemory(tfjsModels.pid());
  const onnx = processMemory(onnxHost.pid());
  const total = (key: keyof ProcessMemory) => self[key] - (key === "pss" ? base.pss : base.rss) + tfjs[key] + onnx[key];
  return { self, tfjs, onnx, total };
}
const rows: string[] = [];
function step(what: string) {
  const m = measure();
  rows.push(`  ${what.padEnd(44)} this process ${grew(m.self.rss - base.rss).padStart(7)}  TF.js process ${mb(m.tfjs.rss).padStart(6)}` +
    `  ONNX process ${mb(m.onnx.rss).padStart(6)}  = ${grew(m.total("rss"))}`);
  return m;
}

await speechRegions(WAV, readWavInfo(WAV));
step("Silero VAD (ONNX) + 7 s of audio");
await detectObjects(PHOTO);
step("Human CenterNet + BlazeFace (TF.js) + 1 frame");
await recognizeText(PHOTO);
step("PaddleOCR (ONNX) + 1 frame");
await encodeSentences(TEXTS);
step(`USE Lite (TF.js) + ${TEXTS.length} texts`);
for (let r = 2; r <= ROUNDS + 1; r++) {
  await speechRegions(WAV, readWavInfo(WAV));
  await detectObjects(PHOTO);
  await recognizeText(PHOTO);
  await encodeSentences(TEXTS);
  await encodeSentences(["when does the screen go dark?"]);
  step(`round ${r} of every model`);
}
const s = await tfjsModels.ask<{ wasmHeapBytes: number; tensorBytes: number; v8HeapBytes: number }>("stats");
const m = measure();
console.log(`this process at start: RSS ${mb(base.rss)}`);
for (const r of rows) console.log(r);
console.log(`\nRSS growth with every model loaded and used ${ROUNDS + 1} times: ${grew(m.total("rss"))} ` +
  `(this process ${grew(m.self.rss - base.rss)}, TF.js models process ${mb(m.tfjs.rss)}, ONNX models process ${mb(m.onnx.rss)})`);
console.log(`  PSS instead of RSS (shared pages split): this process ${grew(m.self.pss - base.pss)}, TF.js ${mb(m.tfjs.pss)}, ` +
  `ONNX ${mb(m.onnx.pss)} = ${grew(m.total("pss"))}`);
console.log(`  TF.js process: WASM heap ${mb(s.wasmHeapBytes)} (live tensors ${mb(s.tensorBytes)}), V8 heap ${mb(s.v8HeapBytes)}`);
console.log(`  peaks (VmHWM, not simultaneous): this process ${grew(m.self.hwm - base.rss)}, TF.js ${mb(m.tfjs.hwm)}, ` +
  `ONNX ${mb(m.onnx.hwm)} = ${grew(m.total("hwm"))}`);

await onnxHost.stop();
await tfjsModels.stop();
// PocketSphinx: its own process per transcription; peak RSS (VmHWM) sampled until it exits.
const ps = spawn("pocketsphinx_continuous", ["-infile", WAV, "-logfn", "/dev/null"], { stdio: "ignore" });
let peak = 0;
const timer = setInterval(() => {
  peak = Math.max(peak, processMemory(ps.pid!).hwm);
}, 50);
await new Promise((r) => ps.on("close", r));
clearInterval(timer);
console.log(`PocketSphinx (separate process, only while it transcribes): peak RSS ${mb(peak)}`);
