// Worker thread of the offline object and face detector: @vladmandic/human (CenterNet COCO-80 and
// BlazeFace, models shipped in its models/ folder) on TF.js with the WASM backend. It runs in its
// own thread because Human and the sentence encoder both register TF.js globals and clash in one.
// Messages in: { id, rgb: Uint8Array, width, height }; out: { id, objects, faces } or { id, error }.
// Plain CommonJS, loaded by path (never bundled): Human's package `exports` map is broken, so its
// dist/human.node-wasm.js is required by path, and Node's fetch cannot read file:// URLs, so model
// files are served from disk by a small fetch shim.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { createRequire } = require("node:module");
const { parentPort, workerData } = require("node:worker_threads");

const req = createRequire(path.join(workerData.root, "package.json"));

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

let humanPromise = null;
function loadHuman() {
  humanPromise ??= (async () => {
    const root = packageDir("@vladmandic/human");
    const wasmDir = path.join(packageDir("@tensorflow/tfjs-backend-wasm"), "dist") + path.sep;
    const { Human } = require(/* turbopackIgnore: true */ path.join(root, "dist/human.node-wasm.js"));
    const off = { enabled: false };
    const human = new Human({
      backend: "wasm",
      wasmPath: wasmDir,
      modelBasePath: `file://${path.join(root, "models")}/`,
      debug: false,
      async: true,
      warmup: "none",
      cacheSensitivity: 0,
      filter: off,
      face: {
        enabled: true,
        detector: { rotation: false, maxDetected: 20, minConfidence: workerData.floor, return: false },
        mesh: off, iris: off, description: off, emotion: off, antispoof: off, liveness: off, attention: off,
      },
      body: off,
      hand: off,
      gesture: off,
      segmentation: off,
      object: { enabled: true, minConfidence: workerData.floor, maxDetected: 30, iouThreshold: 0.4 },
    });
    await human.load();
    return human;
  })();
  return humanPromise;
}

const round = (v) => Math.round(v * 1000) / 1000;
const clampBox = (b) => {
  const [x, y, w, h] = b.map((v) => Math.min(1, Math.max(0, v)));
  return [round(x), round(y), round(Math.min(w, 1 - x)), round(Math.min(h, 1 - y))];
};

parentPort.on("message", async (msg) => {
  try {
    const human = await loadHuman();
    if (msg.load) return parentPort.postMessage({ id: msg.id, objects: [], faces: [] });
    const input = human.tf.tensor4d(new Uint8Array(msg.rgb), [1, msg.height, msg.width, 3], "int32");
    let res;
    try {
      res = await human.detect(input);
    } finally {
      input.dispose();
    }
    const objects = (res.object || []).map((o) => ({ label: o.label, confidence: round(o.score), box: clampBox(o.boxRaw) }));
    const faces = (res.face || []).map((f) => ({ confidence: round(f.boxScore ?? f.score), box: clampBox(f.boxRaw) }));
    parentPort.postMessage({ id: msg.id, objects, faces });
  } catch (err) {
    parentPort.postMessage({ id: msg.id, error: String((err && err.message) || err) });
  }
});
