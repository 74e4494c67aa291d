// When the labels' zoomed-out looks are worth a detector run (lib/analysis/labels `zoomOutNeeded`):
// only when the whole picture names nothing at the shown threshold but sees something (issue 38);
// and which faces count (`applyThresholds`): on a shown person, or sure on a possible one (issue 35).
import { describe, expect, it } from "vitest";
import { applyThresholds, CANDIDATE_FLOOR, FACE_SURE, FACE_THRESHOLD, OBJECT_THRESHOLD, PERSON_HINT, ZOOM_OUT_HINT, zoomOutNeeded } from "@/lib/analysis/labels";

describe("zoomOutNeeded", () => {
  it("is true when the whole look names nothing but sees something under the threshold", () => {
    expect(zoomOutNeeded([{ confidence: CANDIDATE_FLOOR }, { confidence: OBJECT_THRESHOLD - 0.01 }])).toBe(true);
    expect(zoomOutNeeded([{ confidence: 0.12 }, { confidence: ZOOM_OUT_HINT }])).toBe(true);
  });

  it("is false when the whole look sees nothing at ZOOM_OUT_HINT (sky, a page, a star field)", () => {
    expect(zoomOutNeeded([])).toBe(false);
    expect(zoomOutNeeded([{ confidence: 0.13 }, { confidence: ZOOM_OUT_HINT - 0.01 }])).toBe(false);
  });

  it("is false as soon as one object reaches the threshold", () => {
    expect(zoomOutNeeded([{ confidence: 0.2 }, { confidence: OBJECT_THRESHOLD }])).toBe(false);
    expect(zoomOutNeeded([{ confidence: 0.91 }])).toBe(false);
  });
});

describe("applyThresholds: which faces count", () => {
  const person = (confidence: number) => ({ label: "person", confidence, box: [0.2, 0.1, 0.5, 0.9] as [number, number, number, number] });
  const face = (confidence: number, x = 0.35) => ({ confidence, box: [x, 0.2, 0.2, 0.3] as [number, number, number, number] });

  it("a face on a shown person counts from FACE_THRESHOLD", () => {
    expect(applyThresholds({ objects: [person(OBJECT_THRESHOLD)], faces: [face(FACE_THRESHOLD)] }).faces).toHaveLength(1);
    expect(applyThresholds({ objects: [person(OBJECT_THRESHOLD)], faces: [face(FACE_THRESHOLD - 0.01)] }).faces).toHaveLength(0);
  });

  it("a sure face on a person only possible counts (Megamind's woman: person 0.21–0.51, face 0.88–0.92); an unsure one does not", () => {
    expect(applyThresholds({ objects: [person(PERSON_HINT)], faces: [face(FACE_SURE)] }).faces).toHaveLength(1);
    expect(applyThresholds({ objects: [person(0.27)], faces: [face(0.9)] }).faces).toHaveLength(1);
    // chicky_512's dog: a "face" at 0.53 on a person at 0.21.
    expect(applyThresholds({ objects: [person(0.21)], faces: [face(0.53)] }).faces).toHaveLength(0);
  });

  it("a face on no person, or beside the possible one, or on a person under PERSON_HINT, does not count however sure", () => {
    expect(applyThresholds({ objects: [], faces: [face(0.95)] }).faces).toHaveLength(0);
    expect(applyThresholds({ objects: [person(0.4)], faces: [face(0.95, 0.8)] }).faces).toHaveLength(0);
    expect(applyThresholds({ objects: [person(PERSON_HINT - 0.01)], faces: [face(0.95)] }).faces).toHaveLength(0);
  });
});
