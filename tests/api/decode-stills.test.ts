// The single decode pass with stills: the same ffmpeg run yields the per-frame features and a JPEG
// every interval (on the interval grid), each paired with its small RGB frame.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { jpegFileSize } from "@/lib/analysis/visual/jpeg-size";
import { decodeFrameFeatures } from "@/lib/media/decode-frames";
import { stillSize } from "@/lib/media/decode-stills";
import { makeClip } from "../helpers/media";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stills-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("decodeFrameFeatures with stills", () => {
  it("writes the first frame of every half second as a JPEG, with its small frame, and the same features as without", async () => {
    // 4 s at 25 fps: red 0–2 s, green 2–4 s.
    const clip = makeClip("stills-rg", { seconds: 4, size: "320x180", fps: 25 });
    const plain = await decodeFrameFeatures(clip);
    const withStills = await decodeFrameFeatures(clip, { stills: { dir, interval: 0.5, width: 160, height: 90 } });
    expect(plain.stills).toEqual([]);
    expect(withStills.frames.length).toBe(100);
    expect(withStills.frames.map((f) => [f.time, f.meanLuma])).toEqual(plain.frames.map((f) => [f.time, f.meanLuma]));

    const stills = withStills.stills;
    expect(stills.map((s) => s.time)).toEqual([0, 0.52, 1, 1.52, 2, 2.52, 3, 3.52]);
    for (const s of stills) {
      expect(await jpegFileSize(s.file)).toEqual({ width: 160, height: 90 });
      expect(s.small).toHaveLength(64 * 36 * 3);
    }
    const centre = (rgb: Uint8Array) => Array.from(rgb.subarray((18 * 64 + 32) * 3, (18 * 64 + 32) * 3 + 3));
    const [r, g, b] = centre(stills[0]!.small!);
    expect(r).toBeGreaterThan(200);
    expect(g! + b!).toBeLessThan(80);
    const [r2, g2] = centre(stills[4]!.small!);
    expect(g2).toBeGreaterThan(100);
    expect(r2).toBeLessThan(60);
  });

  it("sizes stills to at most 960 px on the longer side, even, never upscaled", () => {
    expect(stillSize(1920, 1080)).toEqual({ width: 960, height: 540 });
    expect(stillSize(1080, 1920)).toEqual({ width: 540, height: 960 });
    expect(stillSize(320, 180)).toEqual({ width: 320, height: 180 });
    expect(stillSize(1279, 719)).toEqual({ width: 960, height: 540 });
  });
});
