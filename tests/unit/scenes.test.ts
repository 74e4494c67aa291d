// Scene merging on synthetic shot similarities, speech cues and black slugs.
import { describe, expect, it } from "vitest";
import { detectScenes } from "@/lib/analysis/scenes/detect-scenes";
import type { FrameFeatures } from "@/lib/media/decode-frames";
import { mergeScenes, speechContinuesAt, type SceneShotInput } from "@/lib/analysis/scenes/merge-scenes";
import { describeKeyframe, type RgbImage } from "@/lib/analysis/scenes/keyframe-descriptor";
import { type KeyframeImageSource, sharedKeyframeSource } from "@/lib/analysis/scenes/keyframe-source";
import { describeShots, lookScores, lookSimilarity } from "@/lib/analysis/scenes/shot-similarity";
import { sharedShotLooks } from "@/lib/analysis/scenes/shared-looks";
import { SCENES } from "@/lib/analysis/scenes/tuning";
import { glowWithStripes } from "../helpers/places";

/** Shots of `len` seconds each, labelled by set-up letter; same letter = similar (`same`), else 0.2. */
function layout(labels: string, len = 2, same = 0.9) {
  const shots: SceneShotInput[] = [...labels].map((c, i) => ({ start: i * len, end: (i + 1) * len, black: c === "_" }));
  const similarity = (i: number, j: number) => (labels[i] === labels[j] && labels[i] !== "_" ? same : 0.2);
  return { shots, similarity };
}

const sceneShots = (r: ReturnType<typeof mergeScenes>) => r.scenes.map((s) => s.shots);

describe("mergeScenes", () => {
  it("keeps a dialogue A B A B together as one scene", () => {
    const r = mergeScenes(layout("ABAB"));
    expect(sceneShots(r)).toEqual([[0, 1, 2, 3]]);
    expect(r.links).toEqual([null, "visual", "visual", "visual"]);
    expect(r.scenes[0]).toMatchObject({ start: 0, end: 8 });
  });

  it("splits where nothing links the shots", () => {
    expect(sceneShots(mergeScenes(layout("ABABCDCD")))).toEqual([[0, 1, 2, 3], [4, 5, 6, 7]]);
    expect(sceneShots(mergeScenes(layout("ABC")))).toEqual([[0], [1], [2]]);
  });

  it("looks back only `window` shots", () => {
    // Short inserts (0.5 s each): A returning after 5 of them is too far back, after 3 it continues.
    expect(sceneShots(mergeScenes(layout("ABCDEFA", 0.5), { window: 4, insertMaxSeconds: 10 }))).toHaveLength(7);
    expect(sceneShots(mergeScenes(layout("ABCDA", 0.5), { window: 4 }))).toEqual([[0, 1, 2, 3, 4]]);
  });

  it("A-B-A: a short insert stays in the scene, an excursion to other places does not", () => {
    // A (3 s), a 1 s cutaway, A again: one scene.
    const insert: SceneShotInput[] = [{ start: 0, end: 3 }, { start: 3, end: 4 }, { start: 4, end: 7 }];
    const sim = (i: number, j: number) => (i === 0 && j === 2 ? 0.9 : 0.2);
    expect(sceneShots(mergeScenes({ shots: insert, similarity: sim }))).toEqual([[0, 1, 2]]);
    // A B C A with 3 s shots: the story went elsewhere and came back — four scenes.
    expect(sceneShots(mergeScenes(layout("ABCA", 3)))).toEqual([[0], [1], [2], [3]]);
    // A B B A: the B's are alike among themselves but never come back after A: three scenes.
    expect(sceneShots(mergeScenes(layout("ABBA", 3)))).toEqual([[0], [1, 2], [3]]);
    // A B A B with long shots is still a dialogue.
    expect(sceneShots(mergeScenes(layout("ABAB", 4)))).toEqual([[0, 1, 2, 3]]);
  });

  it("a short shot between two unrelated set-ups joins the one it resembles more, or stands alone", () => {
    // A (4 s), a 1.2 s shot s, B (4 s); A and B unrelated. sims: [A–s, s–B].
    const shots: SceneShotInput[] = [{ start: 0, end: 4 }, { start: 4, end: 5.2 }, { start: 5.2, end: 9.2 }];
    const run = (as: number, sb: number, list = shots) =>
      sceneShots(mergeScenes({ shots: list, similarity: (i, j) => (i === 0 && j === 1 ? as : i === 1 && j === 2 ? sb : 0.2) }));
    // Alike enough to both: it joins the one it resembles more, never both (the cut after it stays).
    expect(run(0.7, 0.62)).toEqual([[0, 1], [2]]);
    expect(run(0.62, 0.7)).toEqual([[0], [1, 2]]);
    // Like neither: it stands alone.
    expect(run(0.45, 0.4)).toEqual([[0], [1], [2]]);
    // A long shot in the middle is not a short shot: alike to both, it still joins both.
    const long: SceneShotInput[] = [{ start: 0, end: 4 }, { start: 4, end: 7 }, { start: 7, end: 11 }];
    expect(run(0.7, 0.62, long)).toEqual([[0, 1, 2]]);
    // A s A (the two sides continue each other): an insert, inside the scene.
    const insert = (i: number, j: number) => (i === 0 && j === 2 ? 0.9 : 0.2);
    expect(sceneShots(mergeScenes({ shots, similarity: insert }))).toEqual([[0, 1, 2]]);
  });

  it("keeps shots together when speech runs across the cut", () => {
    const l = layout("ABC");
    const r = mergeScenes({ ...l, cues: [{ start: 1, end: 2.6 }] });
    expect(sceneShots(r)).toEqual([[0, 1], [2]]);
    expect(r.links[1]).toBe("speech");
  });

  it("keeps shots together when speech pauses less than a second at the cut", () => {
    const l = layout("ABC");
    const cues = [{ start: 0.5, end: 1.7 }, { start: 2.4, end: 3 }, { start: 3, end: 3.5 }];
    expect(sceneShots(mergeScenes({ ...l, cues }))).toEqual([[0, 1], [2]]);
    // A long pause is a boundary.
    const far = [{ start: 0.5, end: 1.2 }, { start: 2.6, end: 3 }];
    expect(sceneShots(mergeScenes({ ...l, cues: far }))).toEqual([[0], [1], [2]]);
  });

  it("ends a scene at a black slug, which stays with the scene it closes", () => {
    const r = mergeScenes(layout("ABA_BAB"));
    expect(sceneShots(r)).toEqual([[0, 1, 2, 3], [4, 5, 6]]);
  });

  it("weighs a fade as evidence: one set-up continues across it, merely alike shots or speech do not", () => {
    const fade = [false, false, true, false];
    // Same set-up (0.9) on both sides of the fade: one scene.
    expect(sceneShots(mergeScenes({ ...layout("ABAB"), fadeBefore: fade }))).toEqual([[0, 1, 2, 3]]);
    // Only alike (0.7): enough on a cut, not across a fade, even with speech running over it.
    const alike = layout("ABAB", 2, 0.7);
    expect(sceneShots(mergeScenes(alike))).toEqual([[0, 1, 2, 3]]);
    expect(sceneShots(mergeScenes({ ...alike, fadeBefore: fade, cues: [{ start: 0, end: 8 }] }))).toEqual([[0, 1], [2, 3]]);
  });

  it("joins leading slugs to the first lit scene", () => {
    expect(sceneShots(mergeScenes(layout("__AB")))).toEqual([[0, 1, 2], [3]]);
    expect(sceneShots(mergeScenes(layout("__")))).toEqual([[0, 1]]);
  });

  it("handles no shots and one shot", () => {
    expect(mergeScenes({ shots: [], similarity: () => 0 })).toEqual({ scenes: [], links: [] });
    expect(sceneShots(mergeScenes(layout("A")))).toEqual([[0]]);
  });
});

describe("speechContinuesAt", () => {
  it("sees a cue spanning the time, and a short pause around it", () => {
    expect(speechContinuesAt([{ start: 1, end: 3 }], 2, 1)).toBe(true);
    expect(speechContinuesAt([{ start: 1, end: 2.1 }], 2, 1)).toBe(false);
    expect(speechContinuesAt([{ start: 1, end: 1.8 }, { start: 2.3, end: 4 }], 2, 1)).toBe(true);
    expect(speechContinuesAt([{ start: 1, end: 1.8 }, { start: 3.5, end: 4 }], 2, 1)).toBe(false);
    expect(speechContinuesAt([], 2, 1)).toBe(false);
  });
});

describe("detectScenes on frame features", () => {
  // Ten frames a second of one unchanging mid-grey picture: every shot looks the same.
  const frames: FrameFeatures[] = Array.from({ length: 60 }, (_, i) => {
    const hist = new Float32Array(64);
    hist[0b101010] = 2304;
    return { index: i, time: i / 10, meanLuma: 0.5, lumaStd: 0.1, diffPrev: 0, edgeDiffPrev: 0, edgeEnergy: 0, motionX: 0, motionY: 0, mcDiff: 0, rawDiff: 0, hist, grid: new Uint8Array(432).fill(128) };
  });
  const shots = [0, 2, 4].map((t, index) => ({ index, start: t, end: t + 2, keyframeTime: t + 1 }));

  it("merges shots of the same look into one scene with one set-up", async () => {
    const { scenes } = await detectScenes(frames, shots);
    expect(scenes).toEqual([{ start: 0, end: 6, shots: [0, 1, 2], setups: 1 }]);
  });

  it("compares shots with the similarity it is given (a run's memo)", async () => {
    const asked: number[] = [];
    const never = (a: unknown, b: unknown) => (asked.push(1), a === b ? 1 : 0);
    const { scenes } = await detectScenes(frames, shots, [], undefined, { setup: never, scene: never });
    expect(scenes.map((s) => s.shots)).toEqual([[0], [1], [2]]);
    expect(asked.length).toBeGreaterThan(0);
  });

  it("does not join two set-ups that share only a soft light-to-dark layout: neighbours are compared on detail", async () => {
    // A dark close-up's soft glow and an unrelated picture with the same glow under other detail
    // (t4-short-insert of bench/scenes: the beak close-up against the astronaut).
    const looks = (["vertical", "horizontal"] as const).map((s) => ({ feature: null, keyframe: describeKeyframe(glowWithStripes(s)) }));
    expect(lookSimilarity(looks[0]!, looks[1]!)).toBeGreaterThan(SCENES.threshold);
    expect(lookScores(looks[0]!, looks[1]!).scene).toBeLessThan(SCENES.threshold);
    const { scenes } = await detectScenes(frames, shots.slice(0, 2), [], looks);
    expect(scenes.map((s) => s.shots)).toEqual([[0], [1]]);
  });

  it("a layout match backed by the whole frame (one framing, things moving in it) still links: the detail need not agree", () => {
    const [v, h] = (["vertical", "horizontal"] as const).map((s) => describeKeyframe(glowWithStripes(s)));
    const flat = (level: number) => ({ grid: new Float32Array(432).fill(level), hist: Float32Array.from({ length: 64 }, (_, i) => (i === 21 ? 1 : 0)), luma: level });
    // The decode pass sees the same frame layout (same grid and histogram): the search's layout match counts.
    const backed = lookScores({ feature: flat(0.5), keyframe: v! }, { feature: flat(0.5), keyframe: h! });
    expect(backed.scene).toBeCloseTo(backed.setup, 6);
    expect(backed.scene).toBeGreaterThan(SCENES.threshold);
    // Whole frames apart (grid far off, other colours): only the detail counts, and it does not match.
    const other = { ...flat(0.95), hist: Float32Array.from({ length: 64 }, (_, i) => (i === 42 ? 1 : 0)) };
    const unbacked = lookScores({ feature: flat(0.5), keyframe: v! }, { feature: other, keyframe: h! });
    expect(unbacked.scene).toBeLessThan(unbacked.setup - 0.05);
  });

  it("keeps identical pictures together across the fades the shot detector reported", async () => {
    const faded = [{ ...shots[0]!, endsWith: "fade_out" as const }, shots[1]!, { ...shots[2]!, startsWith: "fade_in" as const }];
    expect((await detectScenes(frames, faded)).scenes.map((s) => s.shots)).toEqual([[0, 1, 2]]);
  });
});

describe("describeShots and the shared keyframe source", () => {
  const frames: FrameFeatures[] = Array.from({ length: 60 }, (_, i) => {
    const hist = new Float32Array(64);
    hist[0b101010] = 2304;
    return { index: i, time: i / 10, meanLuma: 0.5, lumaStd: 0.1, diffPrev: 0, edgeDiffPrev: 0, edgeEnergy: 0, motionX: 0, motionY: 0, mcDiff: 0, rawDiff: 0, hist, grid: new Uint8Array(432).fill(128) };
  });
  const shots = [0, 1, 2, 3, 4].map((t, index) => ({ index, start: t, end: t + 1, keyframeTime: t + 0.5 }));
  /** A flat picture whose brightness names the time it was asked for. */
  const picture = (time: number): RgbImage => ({ rgb: new Uint8Array(96 * 54 * 3).fill(Math.round(time * 40)), width: 96, height: 54 });

  it("reads keyframes a few at a time and keeps every descriptor with its own shot", async () => {
    let inFlight = 0;
    let most = 0;
    const source: KeyframeImageSource = async (time) => {
      most = Math.max(most, ++inFlight);
      // Later shots answer sooner: the order of answers is not the order of shots.
      await new Promise((r) => setTimeout(r, 20 - time * 3));
      inFlight--;
      return picture(time);
    };
    const looks = await describeShots(frames, shots, source);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(2);
    expect(looks.map((l) => Math.round(l.keyframe!.meanLuma * 255))).toEqual(shots.map((s) => Math.round(s.keyframeTime * 40)));
  });

  it("scenes and grouped shots share one description of the shots and one memo of their similarity", async () => {
    const asked: number[] = [];
    const shared = {
      keyframeImage: async (time: number) => {
        asked.push(time);
        throw new Error("unreadable"); // compared by their decode-pass features only
      },
    };
    const [a, b] = await Promise.all([sharedShotLooks(shared, frames, shots), sharedShotLooks(shared, frames, shots)]);
    expect(b).toBe(a);
    expect(asked.sort()).toEqual(shots.map((s) => s.keyframeTime));
    const [x, y] = [a.looks[0]!, a.looks[3]!];
    expect(a.similarity.setup(x, y)).toBe(lookSimilarity(x, y));
    expect(a.similarity.scene(x, y)).toBe(lookScores(x, y).scene);
    expect(a.similarity.setup(x, y)).toBe(a.similarity.setup(x, y));
    // Another shot list (a re-detection) is described anew.
    const other = await sharedShotLooks(shared, frames, shots.slice(1));
    expect(other).not.toBe(a);
    expect(other.looks).toHaveLength(4);
  });

  it("the shared source reads each keyframe once per media, and again after a failure", async () => {
    const asked: number[] = [];
    let fail = true;
    const shared = {
      keyframeImage: async (time: number) => {
        asked.push(time);
        if (fail) throw new Error("unreadable");
        return { file: "/nonexistent.jpg", time, still: null };
      },
    };
    const a = sharedKeyframeSource(shared);
    expect(await a(1, [0, 2])).toBeNull();
    expect(await a(1, [0, 2])).toBeNull();
    expect(asked).toEqual([1, 1]);
    fail = false;
    const b = sharedKeyframeSource(shared);
    // (the file does not exist, so reading it fails too: a null, asked once per call)
    await Promise.all([b(2, [1, 3]), b(2, [1, 3])]);
    expect(asked).toEqual([1, 1, 2]);
  });
});
