// The TF.js models' process (tfjs-models.child.cjs): the sentence encoder and the visual detector
// share one process, one TF.js and one WASM heap. It starts on the first request
// (lib/ai/model-process.ts).
import { modelProcess } from "./model-process";

export const tfjsModels = modelProcess({
  script: "tfjs-models.child.cjs",
  name: "the TF.js models process",
  // Its JavaScript is glue around the WASM heap: a small young generation is enough (as a worker
  // thread, V8's default reserved ~30 MB more: its heap 60 MB → 32 MB).
  execArgv: ["--max-semi-space-size=1"],
});
