// When a face continues a face track (lib/analysis/keyframes/face-tracks.ts): near in time, at the
// same place, the same pixels — then its description is reused instead of describing it again.
import { describe, expect, it } from "vitest";
import { facePatch, faceTracks, PATCH_SIDE, samePatch, sameTrack, TRACK_SECONDS } from "@/lib/analysis/keyframes/face-tracks";
import type { RgbImage } from "@/lib/analysis/labels/detector";

/** A 200×100 picture: grey background, a "face" (light oval with two dark eyes) at `at` ([x, y] px), `tone` its skin level. */
function picture(at: [number, number], tone = 200, seed = 1): RgbImage {
  const width = 200, height = 100;
  const data = new Uint8Array(width * height * 3);
  let s = seed;
  const noise = () => ((s = (s * 1103515245 + 12345) >>> 0) % 7) - 3;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = (x - at[0]) / 15, dy = (y - at[1]) / 20;
      let v = 90;
      if (dx * dx + dy * dy <= 1) v = tone;
      if ((Math.abs(x - at[0] + 6) < 3 || Math.abs(x - at[0] - 6) < 3) && Math.abs(y - at[1] + 5) < 3) v = 30;
      data.fill(Math.max(0, Math.min(255, v + noise())), (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return { data, width, height };
}
const BOX: [number, number, number, number] = [0.42, 0.28, 0.16, 0.44];
const face = (img: RgbImage, time: number, box = BOX) => ({ time, box, patch: facePatch(img, box) });

describe("face tracks", () => {
  it("the same face at the same place a few seconds later, with other grain, continues the track", () => {
    const a = face(picture([100, 50], 200, 1), 10);
    const b = face(picture([100, 50], 200, 2), 14);
    expect(a.patch).toHaveLength(PATCH_SIDE * PATCH_SIDE);
    expect(samePatch(a.patch, b.patch)).toBe(true);
    expect(sameTrack(a, b)).toBe(true);
  });

  it("does not continue it far in time, at another place, or with other pixels", () => {
    const a = face(picture([100, 50]), 10);
    expect(sameTrack(a, face(picture([100, 50], 200, 3), 10 + TRACK_SECONDS + 1))).toBe(false);
    // The face moved: its box moved with it.
    expect(sameTrack(a, face(picture([140, 50]), 12, [0.62, 0.28, 0.16, 0.44]))).toBe(false);
    // Another face where the first was: darker skin, same box.
    expect(sameTrack(a, face(picture([100, 50], 140), 12))).toBe(false);
    // The box where the face was, but the face gone (background only).
    expect(sameTrack(a, face(picture([30, 50]), 12))).toBe(false);
  });

  it("a run's described faces are found by the faces that continue them, and only in that run", () => {
    const tracks = faceTracks("/tmp/run-1/stills/k1.jpg");
    const a = face(picture([100, 50]), 10);
    const descriptor = Float32Array.from([1, 2, 3]);
    tracks.add({ ...a, descriptor });
    expect(faceTracks("/tmp/run-1/stills/k2.jpg").find(face(picture([100, 50], 200, 5), 12))?.descriptor).toBe(descriptor);
    expect(faceTracks("/tmp/run-2/stills/k2.jpg").find(face(picture([100, 50], 200, 5), 12))).toBeNull();
  });
});
