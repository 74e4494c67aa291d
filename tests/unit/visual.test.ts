// Pure parts of the visual analysis: colour naming and clustering, per-shot levels, helpers.
import { describe, expect, it } from "vitest";
import { colorName, dominantColors } from "@/lib/analysis/visual/colors";
import { shotLook } from "@/lib/analysis/visual/frame-stats";
import { jpegSize } from "@/lib/analysis/visual/jpeg-size";
import { readingOrder } from "@/lib/analysis/visual/ocr";
import { fixedWindows, readShotSpans } from "@/lib/analysis/visual/shot-spans";
import { joinWords, spreadSelection } from "@/lib/analysis/visual/util";
import { formatClock } from "@/lib/core/clock";
import { contentLine } from "@/lib/pipeline/modules/visualelements/run";
import type { FrameFeatures } from "@/lib/media/decode-frames";

function pixels(parts: [number, [number, number, number]][]): Uint8Array {
  const total = parts.reduce((s, [n]) => s + n, 0);
  const out = new Uint8Array(total * 3);
  let p = 0;
  for (const [n, [r, g, b]] of parts) for (let i = 0; i < n; i++, p += 3) out.set([r, g, b], p);
  return out;
}

function frame(time: number, meanLuma: number, lumaStd: number, diffPrev: number): FrameFeatures {
  return { index: 0, time, meanLuma, lumaStd, diffPrev, edgeDiffPrev: 0, edgeEnergy: 0, motionX: 0, motionY: 0, mcDiff: 0, rawDiff: 0, hist: new Float32Array(64), grid: new Uint8Array(432) };
}

describe("colour names", () => {
  it.each([
    [[0, 0, 0], "black"],
    [[255, 255, 255], "white"],
    [[128, 128, 128], "grey"],
    [[40, 40, 40], "dark grey"],
    [[200, 200, 200], "light grey"],
    [[254, 0, 0], "red"],
    [[0, 0, 254], "blue"],
    [[0, 0, 128], "dark blue"],
    [[0, 160, 0], "green"],
    [[255, 255, 0], "yellow"],
    [[255, 140, 0], "orange"],
    [[120, 70, 20], "brown"],
    [[160, 32, 240], "purple"],
    [[128, 0, 128], "dark purple"],
    [[230, 0, 120], "magenta"],
    [[255, 182, 193], "pink"],
    [[0, 200, 200], "cyan"],
  ] as [[number, number, number], string][])("%j is %s", (rgb, name) => {
    expect(colorName(...rgb)).toBe(name);
  });
});

describe("dominantColors", () => {
  it("finds the colours and their shares, largest first", () => {
    const c = dominantColors(pixels([[600, [250, 5, 5]], [300, [5, 5, 250]], [100, [250, 250, 250]]]));
    expect(c.map((x) => x.name)).toEqual(["red", "blue", "white"]);
    expect(c[0]!.share).toBeCloseTo(0.6, 2);
    expect(c[1]!.share).toBeCloseTo(0.3, 2);
    expect(c[0]!.hex).toBe("#fa0505");
  });

  it("merges clusters with the same name and drops tiny ones", () => {
    const c = dominantColors(pixels([[500, [250, 0, 0]], [480, [230, 10, 10]], [20, [0, 250, 0]]]));
    expect(c).toHaveLength(1);
    expect(c[0]).toMatchObject({ name: "red", share: 0.98 });
  });

  it("is deterministic", () => {
    const px = new Uint8Array(3000);
    for (let i = 0; i < px.length; i++) px[i] = (i * 7919) % 251;
    expect(dominantColors(px)).toEqual(dominantColors(px));
  });
});

describe("shotLook", () => {
  it("averages brightness and contrast and ignores the cut into the shot for motion", () => {
    const frames = [frame(0, 0.1, 0.05, 0), frame(1, 0.8, 0.3, 0.9), frame(1.5, 0.8, 0.3, 0.002), frame(2, 0.9, 0.3, 0.5)];
    const look = shotLook(frames, 1, 2)!;
    expect(look.brightness).toBe(0.8);
    expect(look.brightnessLevel).toBe("bright");
    expect(look.contrastLevel).toBe("high");
    expect(look.motion).toBe(0.002);
    expect(look.motionLevel).toBe("low");
    expect(look.frameCount).toBe(2);
  });

  it("levels high motion and low contrast", () => {
    const frames = [0, 1, 2, 3].map((t) => frame(t / 10, 0.2, 0.05, 0.08));
    expect(shotLook(frames, 0, 1)).toMatchObject({ brightnessLevel: "dark", contrastLevel: "low", motionLevel: "high" });
  });
});

describe("content line", () => {
  it("reads colours, levels, motion and text", () => {
    const line = contentLine({
      shot: { index: 0, start: 0, end: 1, keyframeTime: 0.5 },
      look: { brightness: 0.7, brightnessLevel: "bright", contrast: 0.3, contrastLevel: "high", motion: 0.001, motionLevel: "low", frameCount: 3 },
      colors: [{ name: "dark blue", hex: "#000080", share: 0.7 }, { name: "grey", hex: "#808080", share: 0.3 }],
      colorSource: "keyframe",
      ocr: [{ text: "SALE 50%", box: [0, 0, 1, 1], score: 0.99 }],
      description: null,
    });
    expect(line).toBe('Dark blue and grey · bright, high contrast · low motion · text: "SALE 50%"');
  });
});

describe("helpers", () => {
  it("formats clock times", () => {
    expect(formatClock(42, { padMinutes: false })).toBe("0:42");
    expect(formatClock(75.9, { padMinutes: false })).toBe("1:15");
    expect(formatClock(3723, { padMinutes: false })).toBe("1:02:03");
  });

  it("joins words", () => {
    expect(joinWords(["a"])).toBe("a");
    expect(joinWords(["a", "b", "c"])).toBe("a, b and c");
  });

  it("spreads a capped selection over the timeline", () => {
    const spans = Array.from({ length: 100 }, (_, i) => ({ start: i, end: i + 1 }));
    const picked = spreadSelection(spans, 10);
    expect(picked).toEqual([5, 15, 25, 35, 45, 55, 65, 75, 85, 95]);
    expect(spreadSelection(spans.slice(0, 5), 10)).toEqual([0, 1, 2, 3, 4]);
  });

  it("fills a capped selection with the longest shots when instants repeat a shot", () => {
    const spans = [{ start: 0, end: 90 }, { start: 90, end: 91 }, { start: 91, end: 95 }, { start: 95, end: 100 }];
    expect(spreadSelection(spans, 3)).toEqual([0, 2, 3]);
  });

  it("reads JPEG dimensions from the frame header", () => {
    const sof = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x68, 0x02, 0x80, 0x03];
    expect(jpegSize(Uint8Array.from([...sof, ...new Array(20).fill(0)]))).toEqual({ width: 640, height: 360 });
    expect(jpegSize(Uint8Array.from([1, 2, 3]))).toBeNull();
  });
});

describe("readShotSpans", () => {
  it("reads data.shots, sorted and indexed, keyframes inside the shot", () => {
    const spans = readShotSpans({
      segments: [],
      data: { shots: [{ start: 2, end: 4, keyframeTime: 3.1 }, { start: 0, end: 2, keyframeTime: 9 }, { start: 5, end: 5 }] },
    });
    expect(spans).toEqual([
      { index: 0, start: 0, end: 2, keyframeTime: 1 },
      { index: 1, start: 2, end: 4, keyframeTime: 3.1 },
    ]);
  });

  it("keeps the detector's opening and closing transitions", () => {
    const spans = readShotSpans({
      segments: [],
      data: { shots: [{ index: 0, start: 0, end: 2, keyframeTime: 1, startsWith: "start", endsWith: "fade_out" }] },
    });
    expect(spans[0]).toMatchObject({ startsWith: "start", endsWith: "fade_out" });
  });

  it("falls back to the segments and their metadata's keyframe time", () => {
    const spans = readShotSpans({
      segments: [{ start_time: 0, end_time: 2, content: "", metadata: JSON.stringify({ provider: "local", keyframe_time: 0.4 }) as never }],
    });
    expect(spans).toEqual([{ index: 0, start: 0, end: 2, keyframeTime: 0.4 }]);
    expect(readShotSpans(undefined)).toEqual([]);
  });

  it("cuts fixed windows", () => {
    expect(fixedWindows(24, 10).map((w) => [w.start, w.end])).toEqual([[0, 12], [12, 24]]);
  });
});

describe("OCR reading order", () => {
  it("reads rows top to bottom and each row left to right", () => {
    const line = (text: string, x: number, y: number) => ({ text, box: [x, y, x + 0.2, y + 0.1] as [number, number, number, number], score: 1 });
    const ordered = readingOrder([line("right", 0.6, 0.1), line("below", 0.1, 0.5), line("left", 0.1, 0.12)]);
    expect(ordered.map((l) => l.text)).toEqual(["left", "right", "below"]);
  });
});
