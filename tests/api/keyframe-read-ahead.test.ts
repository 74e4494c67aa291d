// Keyframe reads beside the decode pass: while one ffmpeg pass decodes a clip with a cut every
// 2 s, the read-ahead finds the shots behind the decode head and reads the still the visual
// elements module will pick for each; after the pass, every final shot's keyframe has been read
// exactly once, most of them before the pass ended. The run's reads are shared and kept on disk;
// the stills' small RGB reads are remembered for scenes and grouped shots.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { KeyframePool, KeyframeReads, type KeyframeAnalyzer } from "@/lib/analysis/keyframes/pool";
import { KeyframeReadAhead } from "@/lib/analysis/keyframes/read-ahead";
import { detectShots } from "@/lib/analysis/shots";
import { readImageRgb } from "@/lib/analysis/visual/colors";
import { decodeFrameFeatures } from "@/lib/media/decode-frames";
import { nearestStill } from "@/lib/media/decode-stills";
import { makeClip } from "../helpers/media";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "read-ahead-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function recorder(name: string) {
  const calls: string[] = [];
  const analyzer: KeyframeAnalyzer<string> = {
    name,
    unavailable: async () => null,
    analyze: async (kf) => {
      calls.push(kf.file);
      return `${name} of ${path.basename(kf.file)}`;
    },
  };
  return { calls, analyzer };
}

describe("KeyframeReadAhead", () => {
  it("reads every shot's keyframe still once, most of them while the pass is still decoding", async () => {
    // 40 s at 25 fps, a hard cut every 2 s: 20 shots.
    const clip = makeClip("read-ahead-cuts", { seconds: 40, size: "320x180", fps: 25, audio: false });
    const stillsDir = path.join(dir, "stills");
    fs.mkdirSync(stillsDir);
    const ocr = recorder("ocr");
    const labels = recorder("labels");
    const reads = new KeyframeReads({ concurrency: 2 });
    const pool = new KeyframePool([ocr.analyzer, labels.analyzer], new AbortController().signal, reads);
    const ahead = new KeyframeReadAhead({ pool, names: ["ocr", "labels"], concurrencyWhileDecoding: 1, fps: 25, analysisWidth: 64, analysisHeight: 36 });
    expect(reads.concurrency).toBe(1);

    const decoded = await decodeFrameFeatures(clip, {
      stills: { dir: stillsDir, interval: 0.5, width: 160, height: 90 },
      onFrame: (_raw, f) => ahead.frame(f),
      onStill: (s) => ahead.still(s),
    });
    const duringDecode = ahead.submitted;
    ahead.finish();
    expect(reads.concurrency).toBe(2);
    await ahead.settled();

    // What visualelements picks: the final detection's shots, the still nearest each keyframe inside it.
    const shots = detectShots(decoded.frames, { fps: decoded.fps, duration: decoded.duration });
    expect(shots.length).toBe(20);
    const keyframes = shots.map((s) => nearestStill(decoded.stills, s.keyframeTime, [s.start, s.end])!.file);
    expect(new Set(keyframes).size).toBe(20);
    expect([...ocr.calls].sort()).toEqual([...keyframes].sort());
    expect([...labels.calls].sort()).toEqual([...keyframes].sort());
    // All but the shots within the last few seconds of the clip were read ahead.
    expect(duringDecode).toBeGreaterThanOrEqual(15);

    // The module's pool on the same reads gets those outcomes without reading again.
    const again = new KeyframePool([ocr.analyzer, labels.analyzer], new AbortController().signal, reads);
    const out = await again.analyze({ file: keyframes[3]!, time: 0, small: null });
    expect(out.ocr).toEqual({ ok: true, value: `ocr of ${path.basename(keyframes[3]!)}` });
    expect(ocr.calls.length).toBe(20);
  });
});

describe("KeyframeReads", () => {
  it("keeps successful outcomes of the stills on disk for another process's reads, never failures", async () => {
    const stills = path.join(dir, "kept-stills");
    const keep = path.join(dir, "kept-reads");
    fs.mkdirSync(stills);
    const file = path.join(stills, "000001.jpg");
    const other = path.join(dir, "elsewhere.jpg");
    const signal = new AbortController().signal;
    let calls = 0;
    const read = (value: unknown) => async () => {
      calls++;
      if (value instanceof Error) throw value;
      return value;
    };
    const first = new KeyframeReads({ dir: keep, keepFor: stills });
    expect(await first.outcome("ocr", file, signal, read([{ text: "HELLO" }]))).toEqual({ ok: true, value: [{ text: "HELLO" }] });
    expect(await first.outcome("labels", file, signal, read(new Error("no model")))).toEqual({ ok: false, error: "no model" });
    expect(await first.outcome("ocr", other, signal, read("not a still"))).toEqual({ ok: true, value: "not a still" });
    expect(calls).toBe(3);

    const second = new KeyframeReads({ dir: keep, keepFor: stills });
    expect(await second.outcome("ocr", file, signal, read("read again"))).toEqual({ ok: true, value: [{ text: "HELLO" }] });
    expect(await second.outcome("labels", file, signal, read({ objects: [] }))).toEqual({ ok: true, value: { objects: [] } });
    expect(await second.outcome("ocr", other, signal, read("read again"))).toEqual({ ok: true, value: "read again" });
    expect(calls).toBe(5);
  });

  it("keeps a face description (a Float32Array) as the list of its numbers", async () => {
    const stills = path.join(dir, "face-stills");
    const keep = path.join(dir, "face-reads");
    fs.mkdirSync(stills);
    const file = path.join(stills, "000001.jpg");
    const signal = new AbortController().signal;
    const descriptor = Float32Array.from([0.25, -0.5, 0.125]);
    const read = (value: unknown) => async () => value;
    await new KeyframeReads({ dir: keep, keepFor: stills }).outcome("labels", file, signal, read({ faces: [{ descriptor }] }));
    const again = await new KeyframeReads({ dir: keep, keepFor: stills }).outcome("labels", file, signal, read(null));
    expect(again).toEqual({ ok: true, value: { faces: [{ descriptor: [0.25, -0.5, 0.125] }] } });
  });

  it("lets more reads run when its concurrency is raised, and never more than it allows", async () => {
    const reads = new KeyframeReads({ concurrency: 1 });
    const signal = new AbortController().signal;
    let inFlight = 0;
    let peak = 0;
    const gates: (() => void)[] = [];
    const read = () => async () => {
      peak = Math.max(peak, ++inFlight);
      await new Promise<void>((r) => gates.push(r));
      inFlight--;
      return null;
    };
    const all = ["a", "b", "c", "d"].map((f) => reads.outcome("x", f, signal, read()));
    await new Promise((r) => setTimeout(r, 10));
    expect(inFlight).toBe(1);
    reads.concurrency = 3;
    await new Promise((r) => setTimeout(r, 10));
    expect(inFlight).toBe(3);
    while (gates.length) {
      gates.shift()!();
      await new Promise((r) => setTimeout(r, 10));
    }
    await Promise.all(all);
    expect(peak).toBe(3);
  });
});

describe("readImageRgb", () => {
  it("remembers a decoded still: each caller gets its own copy, and a rewritten file is decoded again", async () => {
    const file = path.join(dir, "still.jpg");
    const jpeg = (colour: string, size: string) =>
      execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", `color=c=${colour}:s=${size}:d=0.04`, "-frames:v", "1", file]);
    jpeg("red", "320x180");
    const first = await readImageRgb(file, 96, 54);
    expect(first[0]).toBeGreaterThan(200);
    first.fill(0);
    const second = await readImageRgb(file, 96, 54);
    expect(second[0]).toBeGreaterThan(200);
    jpeg("blue", "480x270");
    const third = await readImageRgb(file, 96, 54);
    expect(third[0]).toBeLessThan(60);
    expect(third[2]).toBeGreaterThan(200);
  });
});
