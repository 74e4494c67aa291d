// Where a long video splits (lib/pipeline/chunks/plan.ts): picture borders on keyframes near every
// CHUNK_SECONDS, speech borders in the pause nearest to each; and how chunk transcripts join.
import { describe, expect, it } from "vitest";
import { mergeTranscripts, shiftSegment } from "@/lib/pipeline/chunks/assemble";
import { halveLast, pictureBorders, quietestPoint, speechBorderFrom } from "@/lib/pipeline/chunks/plan";

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

describe("the final round in halves", () => {
  it("a 10-minute video on two slots: eight chunks of 60 s, then the last two minutes in four of 30 s", () => {
    const keyframes = every(2, 600);
    const full = pictureBorders(keyframes, 600, 60);
    expect(full).toEqual([60, 120, 180, 240, 300, 360, 420, 480, 540]);
    expect(halveLast(full, keyframes, 600, 2)).toEqual([60, 120, 180, 240, 300, 360, 420, 480, 510, 540, 570]);
    // As many halved as there are slots; no slot count, nothing halved.
    expect(halveLast(full, keyframes, 600, 3)).toHaveLength(12);
    expect(halveLast(full, keyframes, 600, 0)).toEqual(full);
    // A video with no border is not split by halving its one whole "chunk".
    expect(halveLast([], keyframes, 600, 2)).toEqual([]);
  });

  it("halves only where both halves are at least 20 s and a keyframe lies near the middle", () => {
    // 10-s chunks (the tests' CHUNK_SECONDS) stay whole.
    const short = pictureBorders(every(1, 60), 60, 10);
    expect(halveLast(short, every(1, 60), 60, 2)).toEqual(short);
    // A last chunk of 540–600 whose keyframes are 541 and 590 only: no cut within 20 s of either end.
    expect(halveLast([540], [0, 540, 541, 590], 600, 1)).toEqual([540]);
    // The keyframe nearest the middle (570) that keeps both halves long enough: 581 would leave 19 s.
    expect(halveLast([540], [0, 540, 562, 581, 590], 600, 1)).toEqual([540, 562]);
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

  it("finds no pause when the window is speech throughout: the quietest breath near the border is taken", () => {
    expect(speechBorderFrom([{ start: 0, end: 10 }], 0, 10, 5)).toBeNull();
    // 10 s at 1 kHz of loud tone with two quiet breaths: a deep one 3 s before the border, a
    // shallower one 0.5 s after it. The near one wins (3 s away costs 3 dB; it is 2.3 dB less deep: −17.7 against −20 dB)...
    const rate = 1000;
    const tone = (amp: (t: number) => number) => Float32Array.from({ length: 10 * rate }, (_, i) => amp(i / rate) * Math.sin(i / 3));
    const breath = (t: number, at: number, depth: number) => (Math.abs(t - at) < 0.2 ? depth : 1);
    const near = quietestPoint(tone((t) => breath(t, 2, 0.1) * breath(t, 5.5, 0.13)), rate, 0, 5);
    expect(Math.abs(near - 5.5)).toBeLessThan(0.1);
    // ... and a breath far deeper than the distance costs wins from further away.
    const deep = quietestPoint(tone((t) => breath(t, 2, 0.001) * breath(t, 5.5, 0.3)), rate, 100, 105);
    expect(Math.abs(deep - 102)).toBeLessThan(0.1);
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

describe("a chunk's speech lead", () => {
  const words = (list: [string, number, number][]) => list.map(([w, s, e]) => [w, s, e, 0.8]);
  const utterance = (list: [string, number, number][]) => ({
    start_time: list[0]![1],
    end_time: list[list.length - 1]![2],
    content: list.map((w) => w[0]).join(" "),
    metadata: { provider: "local" as const, method: "pocketsphinx", confidence: 0.8, words: words(list) },
  });

  it("drops the words heard before the range, not the utterance that runs on past its start", async () => {
    const { withoutLead } = await import("@/lib/pipeline/chunks/speech-lead");
    const across = utterance([["was", 3.2, 3.5], ["not", 3.5, 3.9], ["i", 4.8, 5.3], ["disposed", 5.3, 6]]);
    const out = withoutLead([utterance([["he", 1, 1.4]]), across, utterance([["unless", 7, 7.5]])], 5);
    expect(out.map((s) => s.content)).toEqual(["I disposed", "unless"]);
    expect(out[0]).toMatchObject({ start_time: 4.8, end_time: 6, metadata: { words: words([["i", 4.8, 5.3], ["disposed", 5.3, 6]]) } });
  });

  it("keeps a segment without word times when most of it is in the range", async () => {
    const { withoutLead } = await import("@/lib/pipeline/chunks/speech-lead");
    const seg = (start: number, end: number) => ({ start_time: start, end_time: end, content: `${start}`, metadata: { provider: "openai" as const, model: "whisper-1" } });
    expect(withoutLead([seg(1, 4), seg(3, 8), seg(4.5, 5.2), seg(6, 9)], 5).map((s) => s.start_time)).toEqual([3, 6]);
  });
});

describe("a chunk's audio", () => {
  it("starts the lead before the speech range, on the unsplit audio's 10-ms frame grid", async () => {
    const { speechAudioStart } = await import("@/lib/pipeline/chunks/range-media");
    expect(speechAudioStart(61.237)).toBe(56.23);
    expect(speechAudioStart(65.5)).toBe(60.5);
    expect(speechAudioStart(60.019)).toBe(55.01);
    // A start on the grid stays; the lead never starts before the video.
    expect(speechAudioStart(60.07)).toBe(55.07);
    expect(speechAudioStart(3.456)).toBe(0);
  });
});
