// The text gate before OCR (lib/analysis/visual/text-likeness.ts) on images ffmpeg draws: real
// font rendering, real JPEG encoding, the same decode the gate uses in the pipeline.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { imageTextLikeness, planeTextLikeness } from "@/lib/analysis/visual/text-likeness";
import { OCR_TEXT_GATE, asOcrRead, ocrAnalyzer } from "@/lib/analysis/keyframes/ocr-analyzer";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-text-gate-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";

/** A 960×540 JPEG from an ffmpeg lavfi source and filter chain. */
function jpeg(name: string, source: string, vf = "null"): string {
  const out = path.join(dir, `${name}.jpg`);
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", `${source}:s=960x540`, "-vf", vf, "-frames:v", "1", "-q:v", "4", out]);
  return out;
}
const caption = (text: string, colour: string, size: number) => `drawtext=fontfile=${FONT}:text='${text}':fontsize=${size}:fontcolor=${colour}:x=40:y=h-80`;

describe("text likeness", () => {
  it("is 0 for a flat plane and counts strokes, not single edges", () => {
    const w = 96;
    const h = 32;
    expect(planeTextLikeness(new Uint8Array(w * h).fill(90), w, h)).toBe(0);
    // One step edge (dark left half, bright right half): no stroke.
    const step = new Uint8Array(w * h).map((_, i) => (i % w < w / 2 ? 20 : 220));
    expect(planeTextLikeness(step, w, h)).toBe(0);
    // Thin bright bars 2 px wide every 6 px: strokes in every row.
    const bars = new Uint8Array(w * h).map((_, i) => (i % 6 < 2 ? 230 : 30));
    expect(planeTextLikeness(bars, w, h)).toBeGreaterThan(OCR_TEXT_GATE);
  });

  it("passes captions (also yellow on a light picture) and stops smooth pictures", async () => {
    const smooth = jpeg("gradient", "gradients=c0=0x304060:c1=0xc0a080:speed=0.00001");
    const white = jpeg("white-caption", "gradients=c0=0x304060:c1=0xc0a080:speed=0.00001", caption("Harbour Street 12", "white", 40));
    const yellow = jpeg("yellow-caption", "color=c=0xf0d8a0", caption("No parking any time", "yellow", 28));
    expect(await imageTextLikeness(smooth)).toBeLessThan(OCR_TEXT_GATE);
    expect(await imageTextLikeness(white)).toBeGreaterThan(OCR_TEXT_GATE * 1.5);
    expect(await imageTextLikeness(yellow)).toBeGreaterThan(OCR_TEXT_GATE * 1.5);
  });

  it("the OCR analyzer records a gated keyframe as checked, not read", async () => {
    const smooth = jpeg("gradient2", "gradients=c0=0x203040:c1=0xa0b0c0:speed=0.00001");
    const out = await ocrAnalyzer.analyze({ file: smooth, time: 0, small: null }, new AbortController().signal);
    expect(out.read).toBe(false);
    expect(out.lines).toEqual([]);
    expect(out.textLikeness).toBeLessThan(OCR_TEXT_GATE);
    // Outcomes kept before the gate existed were the lines alone.
    expect(asOcrRead([{ text: "HI", box: [0, 0, 1, 1], score: 1 }])).toMatchObject({ read: true, lines: [{ text: "HI" }] });
  });
});
