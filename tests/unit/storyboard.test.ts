// The storyboard's pure parts: its layout, when keyframes alone suffice, and its WebVTT track
// (written, parsed, rewritten for serving).
import { describe, expect, it } from "vitest";
import { keyframesCoverSlots, storyboardInterval, storyboardLayout } from "@/lib/playback/storyboard";
import { rewriteVttImages } from "@/lib/playback/rewrite-storyboard";
import { parseVttTime } from "@/lib/analysis/text/vtt";
import { buildStoryboardVtt, cueAt, parseStoryboardVtt } from "@/lib/playback/storyboard-vtt";
import { clock } from "@/lib/schemas/formats";
import { storyboardUrlFor } from "@/hooks/queries/storyboard";

describe("storyboardLayout", () => {
  it("one frame a second up to 100 s, then whole seconds keeping at most 100 frames, 10 to a row", () => {
    expect(storyboardInterval(0.5)).toBe(1);
    expect(storyboardInterval(100)).toBe(1);
    expect(storyboardInterval(100.2)).toBe(2);
    expect(storyboardInterval(3600)).toBe(36);
    expect(storyboardLayout(6)).toEqual({ interval: 1, slots: 6, columns: 6, rows: 1 });
    expect(storyboardLayout(6.5)).toEqual({ interval: 1, slots: 7, columns: 7, rows: 1 });
    expect(storyboardLayout(60)).toEqual({ interval: 1, slots: 60, columns: 10, rows: 6 });
    expect(storyboardLayout(100)).toEqual({ interval: 1, slots: 100, columns: 10, rows: 10 });
    expect(storyboardLayout(101)).toEqual({ interval: 2, slots: 51, columns: 10, rows: 6 });
    expect(storyboardLayout(7200)).toEqual({ interval: 72, slots: 100, columns: 10, rows: 10 });
    expect(storyboardLayout(0.2)).toEqual({ interval: 1, slots: 1, columns: 1, rows: 1 });
    for (let d = 1; d < 20_000; d += 37.3) expect(storyboardLayout(d).slots).toBeLessThanOrEqual(100);
  });
});

describe("keyframesCoverSlots", () => {
  it("holds when each slot's keyframe (the last before its middle) lies in the slot's cue", () => {
    expect(keyframesCoverSlots([0, 1, 2, 3, 4, 5], 1, 6)).toBe(true);
    // ffmpeg filled these slots with the keyframes at 0.4, 1.48, 1.52, 2.96, 3.6, 5.2 (measured)
    expect(keyframesCoverSlots([0, 0.4, 1.48, 1.52, 2.96, 3.6, 5.2], 1, 6)).toBe(false); // slot 2 gets 1.52
    expect(keyframesCoverSlots([0, 0.4, 1.48, 2.2, 3.1, 4.4, 5.2], 1, 6)).toBe(true);
    // a keyframe every 2 s is too sparse for 1 s cues, fine for 4 s ones
    expect(keyframesCoverSlots([0, 2, 4], 1, 6)).toBe(false);
    expect(keyframesCoverSlots([0, 2, 4, 6, 8, 10], 4, 3)).toBe(true);
    // a 1 h film, a keyframe every 10 s, 36 s cues
    expect(keyframesCoverSlots(Array.from({ length: 360 }, (_, i) => i * 10), 36, 100)).toBe(true);
    // the first keyframe late: slot 0 would show a later moment
    expect(keyframesCoverSlots([1.2, 2, 3], 1, 3)).toBe(false);
    // one keyframe for the whole clip
    expect(keyframesCoverSlots([0], 1, 6)).toBe(false);
    expect(keyframesCoverSlots([], 1, 1)).toBe(false);
    // timestamps a hair early still count
    expect(keyframesCoverSlots([0, 0.999, 1.999], 1, 3)).toBe(true);
  });
});

describe("the WebVTT track", () => {
  const cues = [
    { start: 0, end: 2, url: "storyboard.jpg", x: 0, y: 0, w: 160, h: 90 },
    { start: 2, end: 4, url: "storyboard.jpg", x: 160, y: 0, w: 160, h: 90 },
    { start: 4, end: 3725.5, url: "storyboard.jpg", x: 0, y: 90, w: 160, h: 90 },
  ];

  it("is written in the thumbnails-track format and parses back", () => {
    const text = buildStoryboardVtt(cues);
    expect(text).toBe(
      "WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nstoryboard.jpg#xywh=0,0,160,90\n\n" +
        "00:00:02.000 --> 00:00:04.000\nstoryboard.jpg#xywh=160,0,160,90\n\n" +
        "00:00:04.000 --> 01:02:05.500\nstoryboard.jpg#xywh=0,90,160,90\n",
    );
    expect(parseStoryboardVtt(text)).toEqual(cues);
  });

  it("parses tracks written by other tools: CRLF, cue ids, mm:ss times, NOTE blocks, pixel: units", () => {
    const text = "\uFEFFWEBVTT - storyboard\r\n\r\nNOTE made elsewhere\r\n\r\n1\r\n00:01.000 --> 00:03.500\r\nhttps://cdn.example/s.jpg?x=1#xywh=pixel:10,20,30,40\r\n\r\n2\r\n00:00.000 --> 00:01.000\r\nno-fragment.jpg\r\n";
    expect(parseStoryboardVtt(text)).toEqual([{ start: 1, end: 3.5, url: "https://cdn.example/s.jpg?x=1", x: 10, y: 20, w: 30, h: 40 }]);
    expect(parseStoryboardVtt("not a track")).toEqual([]);
    expect(parseVttTime("1:02:03.250")).toBe(3723.25);
    expect(parseVttTime("nope")).toBeNaN();
    expect(clock(59.9996, ".")).toBe("00:01:00.000");
  });

  it("cueAt finds the cue showing a time, clamped to the first and last", () => {
    expect(cueAt(cues, 0)).toBe(cues[0]);
    expect(cueAt(cues, 1.99)).toBe(cues[0]);
    expect(cueAt(cues, 2)).toBe(cues[1]);
    expect(cueAt(cues, -5)).toBe(cues[0]);
    expect(cueAt(cues, 99_999)).toBe(cues[2]);
    expect(cueAt([], 1)).toBeNull();
  });

  it("serving rewrites each cue's image (resolved next to the track) and keeps its tile", () => {
    const key = "results/u/j/storyboard.vtt";
    const text = buildStoryboardVtt(cues) + "\n00:00:10.000 --> 00:00:11.000\n../../other/secret.jpg#xywh=0,0,1,1\n";
    const seen: string[] = [];
    const out = rewriteVttImages(text, key, (k) => {
      seen.push(k);
      return k === "results/u/j/storyboard.jpg" ? "https://app.example/api/playback/storyboard/j/image?token=t" : null;
    });
    expect(out).toContain("\nhttps://app.example/api/playback/storyboard/j/image?token=t#xywh=160,0,160,90\n");
    expect(out).not.toContain("\nstoryboard.jpg");
    // a URI outside the track's folder is neither resolved nor rewritten
    expect(seen).not.toContain("results/other/secret.jpg");
    expect(out).toContain("\n../../other/secret.jpg#xywh=0,0,1,1\n");
    expect(out.startsWith("WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n")).toBe(true);
  });
});

describe("storyboardUrlFor (the browser's derivation from thumbnail_url)", () => {
  it("swaps /thumbnail/ for /storyboard/ and keeps the token", () => {
    expect(storyboardUrlFor("https://app.example/api/playback/thumbnail/abc?token=1.x")).toBe("https://app.example/api/playback/storyboard/abc?token=1.x");
    expect(storyboardUrlFor("/api/playback/thumbnail/abc?token=1.x")).toBe("/api/playback/storyboard/abc?token=1.x");
    expect(storyboardUrlFor(null)).toBeNull();
    expect(storyboardUrlFor("https://elsewhere.example/poster.jpg")).toBeNull();
  });
});
