// A stand-in server for tests/unit/model-process.test.ts, run as its own Node process: starts the
// TF.js models' process (no model loaded), prints its pid, then with "stop" stops it and ends by
// itself, with "wait" stays until it is killed.
import { tfjsModels } from "../../lib/ai/tfjs-models";

await tfjsModels.ask("stats");
console.log(`pid ${tfjsModels.pid()}`);
if (process.argv[2] === "stop") {
  await tfjsModels.stop();
  console.log("stopped");
} else {
  setInterval(() => undefined, 60_000);
}
