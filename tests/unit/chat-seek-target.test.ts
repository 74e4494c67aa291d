// A cited [mm:ss] seeks to the start of the segment it names, not to the rounded-down second.
import { describe, expect, it } from "vitest";
import { seekTarget } from "@/components/chat/seek-target";

const segs = [
  { id: "a", start_time: 0.3 },
  { id: "b", start_time: 2.2 },
  { id: "c", start_time: 2.05 },
  { id: "d", start_time: 4.2 },
];

describe("seekTarget", () => {
  it("the start of the segment beginning in that second, the earliest when several do", () => {
    expect(seekTarget(4, segs)).toBe(4.2);
    expect(seekTarget(2, segs)).toBe(2.05);
  });
  it("prefers a segment the answer was built from", () => {
    expect(seekTarget(2, segs, new Set(["b"]))).toBe(2.2);
  });
  it("the stamp itself when no segment starts in that second, or it has a fraction already", () => {
    expect(seekTarget(3, segs)).toBe(3);
    expect(seekTarget(2.5, segs)).toBe(2.5);
    expect(seekTarget(7, [])).toBe(7);
  });
});
