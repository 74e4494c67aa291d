// The ONNX models' process (onnx-host.child.mjs: PaddleOCR and Silero VAD on onnxruntime), started
// on the first request (lib/ai/model-process.ts).
import { ffmpegPath } from "@/lib/media/ffmpeg";
import { modelProcess } from "./model-process";

export const onnxHost = modelProcess({
  script: "onnx-host.child.mjs",
  name: "the OCR / voice-activity process",
  env: () => ({ FFMPEG_PATH: ffmpegPath() }),
});
