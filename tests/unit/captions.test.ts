import { describe, expect, it } from "vitest";
import { captionsUrlFor, currentCueIndex } from "@/lib/browser/captions";

describe("currentCueIndex", () => {
  const cues = [
    { start_time: 1, end_time: 3 },
    { start_time: 3, end_time: 5 },
    { start_time: 10, end_time: 12 },
  ];
  it("finds the cue being spoken, none in gaps, before the first or after the last", () => {
    expect([0, 1, 2.9, 3, 4.99, 5, 7, 10, 11.9, 12, 99].map((t) => currentCueIndex(cues, t))).toEqual([-1, 0, 0, 1, 1, -1, -1, 2, 2, -1, -1]);
    expect(currentCueIndex([], 1)).toBe(-1);
  });
});

describe("captionsUrlFor", () => {
  it("is the thumbnail URL on /captions/ with the same token, only when there is a transcript", () => {
    const thumb = "http://h/api/playback/thumbnail/j1?token=123.abc";
    expect(captionsUrlFor(thumb, true)).toBe("http://h/api/playback/captions/j1?token=123.abc");
    expect(captionsUrlFor(thumb, false)).toBeNull();
    expect(captionsUrlFor(null, true)).toBeNull();
    expect(captionsUrlFor("http://h/other", true)).toBeNull();
  });
});
