// The ONNX models' process (onnx-host.child.mjs: PaddleOCR and Silero VAD on onnxruntime), started
// on the first request (lib/ai/model-process.ts).
import { ffmpegPath } from "@/lib/media/ffmpeg";
import { modelProcess } from "./model-process";

export const onnxHost = modelProcess({
  script: "onnx-host.child.mjs",
  name: "the OCR / voice-activity process",
  env: () => ({ FFMPEG_PATH: ffmpegPath() }),
  // A small young generation keeps less garbage resident: after each round of
  // bench/quality/memory.ts the child held 121–139 MB against 112–161 MB with V8's default (3 runs
  // each, interleaved), for the same CPU per OCR frame (413–437 ms against 431–444 ms).
  execArgv: ["--max-semi-space-size=1"],
});
