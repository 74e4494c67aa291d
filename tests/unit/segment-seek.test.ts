// Seeking to a segment lands inside it, not on the previous shot's last frame.
import { describe, expect, it } from "vitest";
import { SEGMENT_SEEK_NUDGE, segmentSeekTime } from "@/components/results/player-store";

describe("segmentSeekTime", () => {
  it("nudges past the first frame's start time by less than one 25 fps frame", () => {
    const t = segmentSeekTime(3.52, 6.12);
    expect(t).toBeGreaterThan(3.52);
    expect(t - 3.52).toBeCloseTo(SEGMENT_SEEK_NUDGE, 9);
    expect(t - 3.52).toBeLessThan(1 / 25);
    // The frame shown at t (25 fps: frame floor(t·25)) is the segment's first frame, 88.
    expect(Math.floor(t * 25 + 1e-9)).toBe(88);
  });

  it("stays inside a very short segment and at 0 for the first one", () => {
    expect(segmentSeekTime(2, 2.01)).toBeCloseTo(2.005, 9);
    expect(segmentSeekTime(0, 5)).toBeCloseTo(SEGMENT_SEEK_NUDGE, 9);
    expect(segmentSeekTime(4, 4)).toBe(4);
  });
});
