// The OCR's own process (lib/ai/onnx-host) and its plain-JS image handling: text regions become
// line boxes the way PaddleOCR's post-processing makes them; a file that is not an image is a clear
// error, and a host that died is replaced on the next request.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { onnxHost } from "@/lib/ai/onnx-host";
import { ocrUnavailableReason, recognizeText } from "@/lib/analysis/visual/ocr";
import { minAreaRect, convexHull, splitIntoLineImages, OcrImage } from "@/lib/analysis/visual/ocr-image.cjs";

afterAll(() => onnxHost.stop());

function rgba(width: number, height: number, on: (x: number, y: number) => boolean): InstanceType<typeof OcrImage> {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
    const v = on(x, y) ? 255 : 0;
    data.set([v, v, v, 255], (y * width + x) * 4);
  }
  return new OcrImage({ data, width, height });
}

describe("text regions to line images", () => {
  it("fits the minimum-area rectangle of a rotated one", () => {
    const c = Math.cos(Math.PI / 6), s = Math.sin(Math.PI / 6);
    const corners = [[0, 0], [40, 0], [40, 10], [0, 10]].map(([x, y]) => [100 + x! * c - y! * s, 50 + x! * s + y! * c]);
    const rect = minAreaRect(convexHull(corners))!;
    expect([rect.width, rect.height].sort((a, b) => a - b)).toEqual([expect.closeTo(10, 6), expect.closeTo(40, 6)]);
  });

  it("gives one grown box per region, drops specks, and cuts the line out upright", async () => {
    // A 60 × 12 px text block, and a 2 px speck (too thin to be a line).
    const mask = rgba(160, 80, (x, y) => (x >= 40 && x < 100 && y >= 30 && y < 42) || (x >= 10 && x < 12 && y >= 10 && y < 12));
    const source = rgba(160, 80, (x) => x % 2 === 0);
    const lines = await splitIntoLineImages(mask, source);
    expect(lines).toHaveLength(1);
    // Fitted on pixel centres (59 × 11), grown by area × 1.5 / perimeter ≈ 7 px on every side.
    const xs = lines[0]!.box.map((p: number[]) => p[0]!);
    const ys = lines[0]!.box.map((p: number[]) => p[1]!);
    expect(Math.min(...xs)).toBe(33);
    expect(Math.max(...xs)).toBe(106);
    expect(Math.min(...ys)).toBe(23);
    expect(Math.max(...ys)).toBe(48);
    expect(lines[0]!.image.width).toBe(73);
    expect(lines[0]!.image.height).toBe(25);
  });

  it("maps regions found on a smaller letterboxed copy back to the full-size frame and cuts from it", async () => {
    // The 160 × 80 frame fitted into a 96 × 64 map: scale 0.6, 48 px high, 8 px of padding above.
    const source = rgba(160, 80, (x) => x % 2 === 0);
    const place = { scale: 0.6, dx: 0, dy: 8 };
    // The same 60 × 12 block as above, where it lands in the map.
    const mask = rgba(96, 64, (x, y) => x >= 24 && x < 60 && y >= 8 + 18 && y < 8 + 25);
    const lines = await splitIntoLineImages(mask, source, place);
    expect(lines).toHaveLength(1);
    const xs = lines[0]!.box.map((p: number[]) => p[0]!);
    const ys = lines[0]!.box.map((p: number[]) => p[1]!);
    // Fitted in the map on pixel centres (x 24…59, y 26…32), grown by 315 / 82 ≈ 3.84 px, moved up
    // by the padding and scaled by 1 / 0.6: around the block at 40–100 × 30–42 of the frame.
    expect(Math.min(...xs)).toBe(34);
    expect(Math.max(...xs)).toBe(105);
    expect(Math.min(...ys)).toBe(24);
    expect(Math.max(...ys)).toBe(46);
    // Cut from the full-size frame, not the map.
    expect(lines[0]!.image.width).toBeGreaterThan(60);
  });
});

describe("the OCR process", () => {
  it("reads a frame with printed words, says why a non-image cannot be read, and comes back after it died", async () => {
    expect(await ocrUnavailableReason()).toBeNull();
    const frame = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "va-ocr-host-")), "frame.jpg");
    execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=white:s=480x160", "-frames:v", "1", "-vf",
      "drawtext=fontfile=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:text='OPEN MOVIE':fontsize=48:fontcolor=black:x=40:y=50", frame]);
    const fromFile = await recognizeText(frame);
    expect(fromFile.map((l) => l.text).join(" ")).toBe("OPEN MOVIE");
    // The same frame handed over already decoded: the same lines and boxes, and the file is not opened.
    const rgba = execFileSync("ffmpeg", ["-v", "error", "-i", frame, "-f", "rawvideo", "-pix_fmt", "rgba", "-"]);
    expect(await recognizeText(`${frame}.gone`, { data: new Uint8Array(rgba), width: 480, height: 160 })).toEqual(fromFile);

    await expect(recognizeText(new URL(import.meta.url).pathname)).rejects.toThrow(/the image could not be decoded/);

    const pid = onnxHost.pid()!;
    process.kill(pid, "SIGKILL");
    await new Promise((r) => setTimeout(r, 200));
    expect((await recognizeText(frame)).map((l) => l.text).join(" ")).toBe("OPEN MOVIE");
    expect(onnxHost.pid()).not.toBe(pid);
  }, 120_000);
});
