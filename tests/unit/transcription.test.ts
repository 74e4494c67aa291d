// Speech-to-text plumbing: silence parsing, cutting audio at silences, putting piece times back
// on the video's clock, and dropping what the model invents.
import { describe, expect, it } from "vitest";
import { planAudioChunks, stitchChunks } from "@/lib/analysis/text/chunks";
import { filterHallucinations } from "@/lib/analysis/text/hallucination";
import { parseMaxVolume, parseSilenceDetect, silentSeconds } from "@/lib/analysis/text/silence";

describe("parseSilenceDetect", () => {
  it("pairs silence_start and silence_end lines; an open silence ends at the duration", () => {
    const log = [
      "[silencedetect @ 0x55] silence_start: 4.00925",
      "[silencedetect @ 0x55] silence_end: 5.0005 | silence_duration: 0.99125",
      "size=N/A time=00:00:08.00 bitrate=N/A speed= 400x",
      "[silencedetect @ 0x55] silence_start: -0.0005",
      "[silencedetect @ 0x55] silence_end: 0.5 | silence_duration: 0.5",
      "[silencedetect @ 0x55] silence_start: 11.2",
    ].join("\n");
    expect(parseSilenceDetect(log, 12)).toEqual([
      { start: 4.00925, end: 5.0005 },
      { start: 0, end: 0.5 },
      { start: 11.2, end: 12 },
    ]);
  });

  it("reads volumedetect's peak, -inf for digital silence", () => {
    expect(parseMaxVolume("[Parsed_volumedetect_1 @ 0x5] mean_volume: -21.3 dB\n[Parsed_volumedetect_1 @ 0x5] max_volume: -6.0 dB")).toBe(-6);
    expect(parseMaxVolume("[Parsed_volumedetect_1 @ 0x5] max_volume: -inf dB")).toBe(-Infinity);
    expect(parseMaxVolume("nothing")).toBeNull();
  });

  it("silentSeconds sums the overlap", () => {
    const s = [{ start: 1, end: 2 }, { start: 3, end: 5 }];
    expect(silentSeconds(s, 0, 10)).toBe(3);
    expect(silentSeconds(s, 1.5, 4)).toBe(1.5);
    expect(silentSeconds(s, 6, 7)).toBe(0);
  });
});

describe("planAudioChunks", () => {
  it("one piece when the audio fits", () => {
    expect(planAudioChunks(599, [], { maxSeconds: 600 })).toEqual([{ start: 0, end: 599 }]);
  });

  it("cuts at the middle of the latest silence before each limit, pieces never longer than the limit", () => {
    const silences = [
      { start: 300, end: 301 },
      { start: 560, end: 562 }, // mid 561: latest in [480, 600]
      { start: 1100, end: 1100.2 }, // too short to prefer over the next
      { start: 1090, end: 1091 }, // mid 1090.5
    ].sort((a, b) => a.start - b.start);
    const chunks = planAudioChunks(1500, silences, { maxSeconds: 600 });
    expect(chunks).toEqual([
      { start: 0, end: 561 },
      { start: 561, end: 1090.5 },
      { start: 1090.5, end: 1500 },
    ]);
    for (const c of chunks) expect(c.end - c.start).toBeLessThanOrEqual(600);
  });

  it("hard cuts at the limit when no silence is near it", () => {
    expect(planAudioChunks(1300, [{ start: 100, end: 101 }], { maxSeconds: 600 })).toEqual([
      { start: 0, end: 600 },
      { start: 600, end: 1200 },
      { start: 1200, end: 1300 },
    ]);
  });
});

describe("stitchChunks", () => {
  it("adds each piece's start to its segment times and orders the result", () => {
    const out = stitchChunks([
      { chunk: { start: 0, end: 561 }, segments: [{ start: 0.5, end: 4, text: "a" }, { start: 555, end: 565, text: "b" }] },
      { chunk: { start: 561, end: 1090.5 }, segments: [{ start: 0.25, end: 3.5, text: "c" }] },
    ]);
    expect(out).toEqual([
      { start: 0.5, end: 4, text: "a" },
      { start: 555, end: 561, text: "b" }, // clamped to its piece
      { start: 561.25, end: 564.5, text: "c" },
    ]);
  });
});

describe("filterHallucinations", () => {
  const seg = (start: number, end: number, text: string, extra: Record<string, number> = {}) => ({ start, end, text, ...extra });

  it("drops no-speech segments (high no_speech_prob with low avg_logprob) but keeps confident speech", () => {
    const { kept, dropped } = filterHallucinations([
      seg(0, 2, " Hello there.", { no_speech_prob: 0.9, avg_logprob: -0.2 }),
      seg(2, 4, " Mumble.", { no_speech_prob: 0.8, avg_logprob: -1.4 }),
    ]);
    expect(kept.map((s) => s.text)).toEqual([" Hello there."]);
    expect(dropped.map((d) => d.reason)).toEqual(["no_speech"]);
  });

  it("drops a long line repeated in a row, keeps a short one said twice, drops the third", () => {
    const { kept, dropped } = filterHallucinations([
      seg(0, 2, "We need to go now."),
      seg(2, 4, "We need to go now!"),
      seg(4, 5, "No."),
      seg(5, 6, "No."),
      seg(6, 7, "No."),
      seg(7, 9, "We need to go now."),
    ]);
    expect(kept.map((s) => [s.start, s.text])).toEqual([[0, "We need to go now."], [4, "No."], [5, "No."], [7, "We need to go now."]]);
    expect(dropped.map((d) => d.reason)).toEqual(["repeat", "repeat"]);
  });

  it("drops 'Thank you for watching' only over near-silent audio", () => {
    const silences = [{ start: 10, end: 20 }];
    const { kept, dropped } = filterHallucinations(
      [seg(2, 4, "Thank you for watching!"), seg(5, 8, "Now the news."), seg(12, 15, "Thank you for watching!"), seg(16, 18, "Thanks for coming.")],
      { silences },
    );
    expect(kept.map((s) => s.start)).toEqual([2, 5, 16]);
    expect(dropped).toEqual([{ segment: seg(12, 15, "Thank you for watching!"), reason: "silence_phrase" }]);
  });

  it("drops empty text and decoding loops", () => {
    const { kept, dropped } = filterHallucinations([
      seg(0, 1, "  "),
      seg(1, 5, "la la la la la la la la la la la la", { compression_ratio: 3.1, avg_logprob: -0.9 }),
      seg(5, 6, "fine"),
    ]);
    expect(kept.map((s) => s.text)).toEqual(["fine"]);
    expect(dropped.map((d) => d.reason)).toEqual(["empty", "repetitive"]);
  });
});
