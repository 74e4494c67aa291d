// One ffmpeg decode of an image into several sizes (lib/media/image-decode.ts), and the keyframe
// images built on it (lib/analysis/keyframes/keyframe-images.ts): each output must be exactly what
// a decode of that output alone gives, so the text gate, the labels and the colours read the same
// pixels as before.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { decodeImage } from "@/lib/media/image-decode";
import { DETECTOR_OUTPUT, DETECTOR_SIDE } from "@/lib/analysis/labels/detector";
import { readImageRgb, rgbOutput } from "@/lib/analysis/visual/colors";
import { TEXT_PROBE_OUTPUT, TEXT_PROBE_WIDTH } from "@/lib/analysis/visual/text-likeness";
import { keyframeImages, takeOcrFrame } from "@/lib/analysis/keyframes/keyframe-images";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-image-decode-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function jpeg(name: string, size: string): string {
  const out = path.join(dir, `${name}.jpg`);
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", `testsrc2=s=${size}`, "-frames:v", "1", "-q:v", "4", out]);
  return out;
}

describe("decodeImage", () => {
  it("gives each output the pixels and size a decode of that output alone gives", async () => {
    const file = jpeg("wide", "960x540");
    const outputs = [TEXT_PROBE_OUTPUT, DETECTOR_OUTPUT, rgbOutput(96, 54)];
    const together = await decodeImage(file, outputs);
    expect(together.map((o) => [o.width, o.height])).toEqual([
      [TEXT_PROBE_WIDTH, 270],
      [DETECTOR_SIDE, Math.round((DETECTOR_SIDE * 540) / 960 / 2) * 2],
      [96, 54],
    ]);
    for (const [i, o] of outputs.entries()) {
      const [alone] = await decodeImage(file, [o]);
      expect(Buffer.from(alone!.data).equals(Buffer.from(together[i]!.data))).toBe(true);
    }
  });

  it("keeps a portrait image's longer side for the detector and fails clearly on a non-image", async () => {
    const [det] = await decodeImage(jpeg("tall", "540x960"), [DETECTOR_OUTPUT]);
    expect(det!.height).toBe(DETECTOR_SIDE);
    expect(det!.width).toBeLessThan(DETECTOR_SIDE);
    const junk = path.join(dir, "junk.jpg");
    fs.writeFileSync(junk, "not an image");
    await expect(decodeImage(junk, [DETECTOR_OUTPUT, rgbOutput(8, 8)])).rejects.toThrow();
  });

  it("keyframe images: one decode, and readImageRgb then finds the same 96×54 colours", async () => {
    const file = jpeg("kf", "960x540");
    const imgs = await keyframeImages(file);
    expect(keyframeImages(file)).toBe(keyframeImages(file));
    const [alone] = await decodeImage(file, [rgbOutput(96, 54)]);
    expect(Buffer.from(imgs.colors).equals(Buffer.from(alone!.data))).toBe(true);
    expect(Buffer.from(await readImageRgb(file, 96, 54)).equals(Buffer.from(imgs.colors))).toBe(true);
    expect(imgs.probe.width).toBe(TEXT_PROBE_WIDTH);
    expect(Math.max(imgs.detector.width, imgs.detector.height)).toBe(DETECTOR_SIDE);
    // The full-size RGBA frame for OCR: the still's own pixels, handed out once.
    const rgba = execFileSync("ffmpeg", ["-v", "error", "-i", file, "-f", "rawvideo", "-pix_fmt", "rgba", "-"], { maxBuffer: 1 << 24 });
    const frame = takeOcrFrame(imgs);
    expect([frame?.width, frame?.height]).toEqual([960, 540]);
    expect(Buffer.from(frame!.data).equals(rgba)).toBe(true);
    expect(takeOcrFrame(imgs)).toBeNull();
  });
});
