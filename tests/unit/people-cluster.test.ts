// Grouping faces into people: average linkage on cosine similarity, faces of one frame never one
// person, an appearance per shot, pairwise scores, and FACE_GROUPING=0.
import { afterEach, describe, expect, it } from "vitest";
import { clusterFaces, cosine, pairwiseScores } from "@/lib/analysis/people/cluster";
import { faceGroupingEnabled, groupPeople, type ShotFace } from "@/lib/analysis/people/group";
import { FACE_GROUPING_OFF_NOTE, peopleSegments } from "@/lib/analysis/people/segments";

/** A unit vector near axis `k` of 8 (noise `eps` on the next axis). */
const vec = (k: number, eps = 0) => {
  const v = new Float32Array(8);
  v[k] = 1;
  v[(k + 1) % 8] = eps;
  return v;
};

const face = (shot: number, k: number, eps = 0, face = 0): ShotFace => ({
  shot, face, start: shot * 2, end: shot * 2 + 2, descriptor: vec(k, eps), box: [0.4, 0.2, 0.2, 0.3], confidence: 0.9, file: `/tmp/s${shot}.jpg`, time: shot * 2 + 1,
});

describe("clusterFaces", () => {
  it("cosine is 1 for the same direction, 0 for orthogonal or empty vectors", () => {
    expect(cosine([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 6);
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([0, 0], [1, 1])).toBe(0);
  });

  it("merges similar faces and keeps dissimilar ones apart", () => {
    const items = [vec(0), vec(1), vec(0, 0.2), vec(1, 0.1), vec(2)].map((d, i) => ({ descriptor: d, frame: `f${i}` }));
    expect(clusterFaces(items, 0.8)).toEqual([[0, 2], [1, 3], [4]]);
  });

  it("never merges two faces seen in one frame, however alike", () => {
    const items = [
      { descriptor: vec(0), frame: "a" },
      { descriptor: vec(0, 0.01), frame: "a" },
      { descriptor: vec(0, 0.02), frame: "b" },
    ];
    const groups = clusterFaces(items, 0.5);
    expect(groups).toHaveLength(2);
    expect(groups.some((g) => g.includes(0) && g.includes(1))).toBe(false);
  });

  it("average linkage: a chain of faces each close to the next is not one group when its ends differ", () => {
    // 0 ~ 1 ~ 2 pairwise (0.9+) but 0 and 2 at ~0.6: single linkage would chain them at 0.85.
    const a = [1, 0, 0];
    const b = [0.93, 0.37, 0];
    const c = [0.6, 0.8, 0];
    expect(cosine(a, b)).toBeGreaterThan(0.9);
    expect(cosine(b, c)).toBeGreaterThan(0.85);
    const groups = clusterFaces([a, b, c].map((d, i) => ({ descriptor: d, frame: String(i) })), 0.85);
    expect(groups.length).toBe(2);
  });

  it("pairwise scores count pairs", () => {
    const s = pairwiseScores([[0, 1], [2], [3]], ["x", "x", "x", "y"]);
    expect(s).toMatchObject({ tp: 1, fp: 0, fn: 2 });
    expect(s.precision).toBe(1);
    expect(s.recall).toBeCloseTo(1 / 3, 6);
    const merged = pairwiseScores([[0, 1, 2, 3]], ["x", "x", "x", "y"]);
    expect(merged).toMatchObject({ tp: 3, fp: 3, fn: 0 });
  });
});

describe("groupPeople", () => {
  it("numbers people by first appearance; each shot their face is seen in is an appearance of its own", () => {
    let n = 0;
    const people = groupPeople([face(0, 3), face(1, 3, 0.05), face(2, 5), face(4, 3, 0.1)], 0.9, () => `id-${++n}`);
    expect(people.map((p) => [p.personId, p.index])).toEqual([["id-1", 1], ["id-2", 2]]);
    expect(people[0]!.defaultName).toBe("Person 1");
    expect(people[0]!.appearances).toEqual([{ start: 0, end: 2 }, { start: 2, end: 4 }, { start: 8, end: 10 }]);
    expect(people[0]!.totalSeconds).toBe(6);
    expect(people[1]!.appearances).toEqual([{ start: 4, end: 6 }]);
  });

  it("gives every person a UUID of their own by default", () => {
    const ids = groupPeople([face(0, 1), face(1, 4)], 0.9).map((p) => p.personId);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe("FACE_GROUPING", () => {
  const before = process.env.FACE_GROUPING;
  afterEach(() => {
    if (before === undefined) delete process.env.FACE_GROUPING;
    else process.env.FACE_GROUPING = before;
  });

  it("is on unless set to 0, false, off or no", () => {
    delete process.env.FACE_GROUPING;
    expect(faceGroupingEnabled()).toBe(true);
    for (const v of ["0", "false", "OFF", " no "]) {
      process.env.FACE_GROUPING = v;
      expect(faceGroupingEnabled()).toBe(false);
    }
    process.env.FACE_GROUPING = "1";
    expect(faceGroupingEnabled()).toBe(true);
  });

  it("off: no person segments and a note saying so", async () => {
    process.env.FACE_GROUPING = "0";
    const out = await peopleSegments({ shots: [{ start: 0, end: 2, file: "/nonexistent.jpg", time: 1, faces: [{ box: [0.4, 0.2, 0.2, 0.3], confidence: 0.9, descriptor: vec(0) }] }], userId: "u", jobId: "j" });
    expect(out.segments).toEqual([]);
    expect(out.notes).toEqual([FACE_GROUPING_OFF_NOTE]);
  });

  it("on, with faces not large enough to describe: a note, no people, the faces under Unrecognised faces", async () => {
    delete process.env.FACE_GROUPING;
    const out = await peopleSegments({ shots: [{ start: 0, end: 2, file: "/x.jpg", time: 1, faces: [{ box: [0.4, 0.2, 0.02, 0.03], confidence: 0.9 }] }], userId: "u", jobId: "j" });
    expect(out.segments.map((s) => s.metadata?.person_id)).toEqual(["unrecognised"]);
    expect(out.notes[0]).toMatch(/none of the 1 faces/);
  });
});

describe("peopleSegments", () => {
  it("a face seen but given to no person (not described) is counted under Unrecognised faces, per shot", async () => {
    const { peopleSegments, UNRECOGNISED_ID } = await import("@/lib/analysis/people/segments");
    const out = await peopleSegments({
      userId: "u1",
      jobId: "j1",
      shots: [
        { start: 0, end: 2, file: null, time: 1, faces: [{ box: [0.1, 0.1, 0.02, 0.03], confidence: 0.8 }, { box: [0.5, 0.1, 0.02, 0.03], confidence: 0.7 }] },
        { start: 2, end: 4, file: null, time: 3, faces: [] },
      ],
    });
    expect(out.segments).toHaveLength(1);
    expect(out.segments[0]).toMatchObject({ start_time: 0, end_time: 2, content: "Unrecognised faces on screen" });
    expect(out.segments[0]!.metadata).toMatchObject({ kind: "person", person_id: UNRECOGNISED_ID, unrecognised: true, faces_seen: 2 });
    expect(out.notes.join(" ")).toMatch(/none of the 2 faces seen/);
  });
});
