// Where a long video splits (lib/pipeline/chunks/plan.ts): picture borders on keyframes near every
// CHUNK_SECONDS, speech borders in the pause nearest to each; and how chunk transcripts join.
import { describe, expect, it } from "vitest";
import { mergeTranscripts, shiftSegment } from "@/lib/pipeline/chunks/assemble";
import { pictureBorders, speechBorderFrom } from "@/lib/pipeline/chunks/plan";

const every = (step: number, until: number) => Array.from({ length: Math.floor(until / step) + 1 }, (_, i) => i * step);

describe("picture borders", () => {
  it("a 6-minute video with keyframes every 2 s is three chunks of 120 s", () => {
    expect(pictureBorders(every(2, 360), 360, 120)).toEqual([120, 240]);
  });

  it("takes the keyframe nearest each multiple, never one within half a chunk of the last border or of the end", () => {
    expect(pictureBorders([0, 7, 13, 26, 31, 44, 52], 60, 10)).toEqual([7, 26, 31, 44, 52]);
    expect(pictureBorders([0, 9.5, 10.4, 19.9], 25, 10)).toEqual([10.4]);
  });

  it("a video with no keyframe to split at, or shorter than 1.5 chunks, has no border", () => {
    expect(pictureBorders([0], 600, 120)).toEqual([]);
    expect(pictureBorders(every(2, 170), 170, 120)).toEqual([]);
  });
});

describe("speech borders", () => {
  it("moves a border inside speech to the middle of the nearest pause", () => {
    // Speech 3.8–6.8 across the border at 5; pauses 0–3.8 and 6.8–10 in the window.
    const regions = [{ start: 3.8, end: 6.8 }];
    expect(speechBorderFrom(regions, 0, 10, 5)).toBe(2.8);
    expect(speechBorderFrom([{ start: 1, end: 3 }, { start: 4.1, end: 5.5 }, { start: 7, end: 9.8 }], 0, 10, 5)).toBe(6.25);
  });

  it("keeps a border that no speech comes near", () => {
    expect(speechBorderFrom([], 0, 10, 5)).toBe(5);
  });

  it("keeps the border when the window is speech throughout (no pause to cut in)", () => {
    expect(speechBorderFrom([{ start: 0, end: 10 }], 0, 10, 5)).toBe(5);
  });
});

describe("chunk transcripts", () => {
  const seg = (start: number, end: number, content: string) => ({
    start_time: start,
    end_time: end,
    content,
    metadata: { provider: "local" as const, method: "pocketsphinx", words: [[content, start, end, 0.9]] },
  });

  it("shifts a segment and its word times onto the video's clock", () => {
    expect(shiftSegment(seg(1.5, 2, "hello"), 100)).toMatchObject({ start_time: 101.5, end_time: 102, metadata: { words: [["hello", 101.5, 102, 0.9]] } });
  });

  it("puts the pieces side by side in time, dropping the notes of chunks that heard nothing", () => {
    const merged = mergeTranscripts([
      { segments: [seg(12, 13, "b")], notes: [] },
      { segments: [], notes: ["No speech was detected in the audio (voice activity detection found none)"] },
      { segments: [seg(1, 2, "a")], notes: ["x"] },
      null,
    ]);
    expect(merged!.segments.map((s) => s.content)).toEqual(["a", "b"]);
    expect(merged!.notes).toEqual(["x"]);
    expect(mergeTranscripts([null, null])).toBeNull();
  });
});

describe("a long video's parts in the processing state", () => {
  it("counts the planned parts and keeps the ranges done, once each, in time order", async () => {
    const { applyEvent, blank } = await import("@/components/videos/processing-store");
    let s = blank("job", ["shots"]);
    s = applyEvent(s, { type: "chunks_planned", chunks: [{ chunk: 0, start: 0, end: 120 }, { chunk: 1, start: 120, end: 240 }, { chunk: 2, start: 240, end: 360 }] });
    expect(s.chunks).toEqual({ total: 3, done: [] });
    s = applyEvent(s, { type: "chunk_completed", chunk: 1, chunks: 3, chunks_done: 1, start: 120, end: 240, segments: 4 });
    s = applyEvent(s, { type: "chunk_completed", chunk: 0, chunks: 3, chunks_done: 2, start: 0, end: 120, segments: 5 });
    s = applyEvent(s, { type: "chunk_completed", chunk: 0, chunks: 3, chunks_done: 2, start: 0, end: 120, segments: 5 });
    expect(s.chunks).toEqual({ total: 3, done: [{ chunk: 0, start: 0, end: 120 }, { chunk: 1, start: 120, end: 240 }] });
    expect(applyEvent(s, JSON.parse('{"type":"chunk_completed","chunk":"x"}'))).toBe(s);
  });
});
