// When the labels' zoomed-out looks are worth a detector run (lib/analysis/labels `zoomOutNeeded`):
// only when the whole picture names nothing at the shown threshold (issue 38).
import { describe, expect, it } from "vitest";
import { CANDIDATE_FLOOR, OBJECT_THRESHOLD, zoomOutNeeded } from "@/lib/analysis/labels";

describe("zoomOutNeeded", () => {
  it("is true when the whole look names nothing: no object, or only objects under the threshold", () => {
    expect(zoomOutNeeded([])).toBe(true);
    expect(zoomOutNeeded([{ confidence: CANDIDATE_FLOOR }, { confidence: OBJECT_THRESHOLD - 0.01 }])).toBe(true);
  });

  it("is false as soon as one object reaches the threshold", () => {
    expect(zoomOutNeeded([{ confidence: 0.2 }, { confidence: OBJECT_THRESHOLD }])).toBe(false);
    expect(zoomOutNeeded([{ confidence: 0.91 }])).toBe(false);
  });
});
