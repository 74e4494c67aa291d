// Offline visual labels through visualelements: the real detector (Human's CenterNet + BlazeFace on
// TF.js WASM, in its worker thread) on real photos of people that @vladmandic/human ships in its
// assets (five face close-ups side by side), cut into a clip with a plain shot after it; and the
// detector's interface directly.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { applyThresholds, describeObjects, detectFused, detectObjects, FACE_SURE, OBJECT_THRESHOLD, PERSON_HINT } from "@/lib/analysis/labels";
import { decodeRgb, detectRaw } from "@/lib/analysis/labels/detector";
import { probeMedia } from "@/lib/media/probe";
import { visualelements } from "@/lib/pipeline/modules/visualelements/run";
import { SharedMedia } from "@/lib/analysis/shared-media";
import type { ModuleContext } from "@/lib/pipeline/types";
import { useApiTestEnv } from "../helpers/env";
import { storeFile } from "../helpers/videos";
import { shotsResult } from "../helpers/visual-clips";

useApiTestEnv("modules-labels");
for (const k of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_VISION_MODEL", "OPENAI_VISION_BASE_URL", "VA_NANODET_MODEL"]) delete process.env[k];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-labels-"));
const SCREENSHOT = path.join(process.cwd(), "node_modules/@vladmandic/human/assets/screenshot-facedetect.jpg");

/** The row of five photos of people (head and shoulders) in Human's face-detection screenshot: 800×160. */
function groupPhoto(): string {
  const out = path.join(dir, "five-people.jpg");
  if (!fs.existsSync(out)) execFileSync("ffmpeg", ["-v", "error", "-y", "-i", SCREENSHOT, "-vf", "crop=800:160:0:340", "-q:v", "3", out]);
  return out;
}

/**
 * A face close-up from the same screenshot (an 80 px square around the first man's face, on a
 * 640×360 grey frame): BlazeFace is sure of the face, CenterNet only thinks a person possible.
 */
function faceCloseUp(): string {
  const out = path.join(dir, "face-close-up.jpg");
  if (!fs.existsSync(out)) execFileSync("ffmpeg", ["-v", "error", "-y", "-i", SCREENSHOT, "-vf", "crop=80:80:35:365,scale=-2:360,pad=640:360:(ow-iw)/2:0:gray,setsar=1", "-frames:v", "1", "-q:v", "3", out]);
  return out;
}

/** 0–2 s the group photo, 2–4 s plain grey (two shots). */
function photoClip(): string {
  const out = path.join(dir, "photo-clip.mp4");
  execFileSync("ffmpeg", [
    "-v", "error", "-y", "-loop", "1", "-t", "2", "-i", groupPhoto(), "-f", "lavfi", "-i", "color=c=gray:s=800x160:r=25:d=2",
    "-filter_complex", "[0]setsar=1,fps=25[a];[1]setsar=1[b];[a][b]concat=n=2:v=1:a=0[v]", "-map", "[v]",
    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", out,
  ]);
  return out;
}

describe("offline object and face labels", () => {
  it("detectObjects finds the people of a real photo above the calibrated threshold, with boxes", async () => {
    const { objects, faces } = await detectObjects(groupPhoto());
    const people = objects.filter((o) => o.label === "person");
    expect(people.length).toBeGreaterThanOrEqual(4);
    expect(people.length).toBeLessThanOrEqual(5);
    for (const o of objects) {
      expect(o.confidence).toBeGreaterThanOrEqual(OBJECT_THRESHOLD);
      expect(o.box).toHaveLength(4);
      expect(o.box.every((v) => v >= 0 && v <= 1)).toBe(true);
    }
    // Each face counted lies on a detected person, one per person at most here.
    expect(faces.length).toBeGreaterThanOrEqual(4);
    expect(faces.length).toBeLessThanOrEqual(people.length);
    // Left to right: the first person's box is on the left fifth of the picture.
    const leftmost = [...people].sort((a, b) => a.box[0] - b.box[0])[0]!;
    expect(leftmost.box[0]).toBeLessThan(0.1);
  }, 180_000);

  it("a request without faces or objects leaves the next request's alone; NanoDet (bench only) is refused unless VA_NANODET_MODEL names it", async () => {
    const img = await decodeRgb(groupPhoto());
    const objectsOnly = await detectRaw(img, undefined, { faces: false });
    expect(objectsOnly.faces).toEqual([]);
    expect(objectsOnly.objects.filter((o) => o.label === "person" && o.confidence >= OBJECT_THRESHOLD).length).toBeGreaterThanOrEqual(4);
    // Human keeps the merged config: the next request must say faces again and get them.
    const both = await detectRaw(img);
    expect(both.faces.length).toBeGreaterThanOrEqual(4);
    expect(both.objects).toEqual(objectsOnly.objects);
    // Faces alone (the product asks for them only when a person is shown): the same faces, no objects,
    // and the request after it finds objects again.
    const facesOnly = await detectRaw(img, undefined, { objects: false });
    expect(facesOnly.objects).toEqual([]);
    expect(facesOnly.faces).toEqual(both.faces);
    expect((await detectRaw(img)).objects).toEqual(objectsOnly.objects);
    await expect(detectRaw(img, undefined, { model: "nanodet" })).rejects.toThrow(/VA_NANODET_MODEL/);
  }, 180_000);

  it("the zoomed-out looks run only where the whole picture names nothing (issue 38: one detector run when it names something)", async () => {
    const group = await detectFused(groupPhoto());
    expect(group.objects.filter((o) => o.label === "person" && o.confidence >= OBJECT_THRESHOLD).length).toBeGreaterThanOrEqual(4);
    expect(group.looks).toEqual(["whole"]);
    // A face close-up: the whole look sees a person but does not name it, so the shrunk looks are tried too.
    const close = await detectFused(faceCloseUp());
    expect(close.looks).toEqual(["whole", "out-1.6", "out-2.2"]);
    // A plain grey picture: the whole look sees nothing at all, so the shrunk looks are not tried.
    const grey = { data: new Uint8Array(512 * 288 * 3).fill(128), width: 512, height: 288 };
    const plain = await detectFused(grey);
    expect(plain.objects.filter((o) => o.confidence >= OBJECT_THRESHOLD)).toEqual([]);
    expect(plain.looks).toEqual(["whole"]);
  }, 180_000);

  it("a sure face on a person the detector only thinks possible is counted (issue 35: Megamind's woman had no entry)", async () => {
    const file = faceCloseUp();
    // The case itself: on the whole picture the person is possible, not shown; the face is sure.
    const raw = await detectRaw(file);
    const person = Math.max(0, ...raw.objects.filter((o) => o.label === "person").map((o) => o.confidence));
    expect(person).toBeGreaterThanOrEqual(PERSON_HINT);
    expect(person).toBeLessThan(OBJECT_THRESHOLD);
    expect(Math.max(0, ...raw.faces.map((f) => f.confidence))).toBeGreaterThanOrEqual(FACE_SURE);
    // What the whole look alone shows (the zoomed-out looks may raise the person; the whole may be all there is).
    const { faces } = applyThresholds(raw);
    expect(faces).toHaveLength(1);
    expect(faces[0]?.confidence).toBeGreaterThanOrEqual(FACE_SURE);
  }, 180_000);

  it("visualelements writes objects and a readable line for the photo shot, and nothing for a plain one", async () => {
    const file = photoClip();
    const key = await storeFile("u1", file, "photo-clip.mp4");
    const media = await probeMedia(file);
    const ctx: ModuleContext = {
      video: { jobId: "labels-1", userId: "u1", name: "photo-clip.mp4", duration: media.duration, storagePath: key, initialPrompt: null },
      media,
      shared: new SharedMedia("labels-1", key, media, path.join(process.env.DATA_DIR!, "work", "labels-1")),
      results: { shots: shotsResult([{ start: 0, end: 2, keyframeTime: 1 }, { start: 2, end: 4, keyframeTime: 3 }]) },
      progress: () => {},
      signal: new AbortController().signal,
    };
    const r = await visualelements.run(ctx);
    // One segment per shot, then the people seen across the video (segments of their own, kind "person").
    const shotSegments = r.segments.filter((s) => (s.metadata as Record<string, any> | null)?.kind !== "person");
    expect(shotSegments).toHaveLength(2);
    const [photo, plain] = shotSegments.map((s) => s.metadata as Record<string, any>);
    expect(photo!.objects_method).toBe("human_centernet_blazeface_tfjs_wasm");
    const people = photo!.objects.filter((o: any) => o.label === "person").length;
    expect(people).toBeGreaterThanOrEqual(4);
    expect(shotSegments[0]!.content).toContain(describeObjects(photo!.objects));
    expect(shotSegments[0]!.content).toMatch(new RegExp(`\\b${people} people\\b`));
    expect(photo!.faces).toBe(photo!.face_boxes.length);
    expect(plain!.objects).toEqual([]);
    expect(plain!.faces).toBe(0);
    expect(r.notes?.some((n) => /not detected/.test(n))).toBe(false);
  }, 360_000); // three looks per keyframe (issue 28): slower on a busy machine
});

describe("describeObjects", () => {
  it("counts and names like a person would", () => {
    const o = (label: string) => ({ label });
    expect(describeObjects([o("person"), o("bicycle"), o("person")])).toBe("2 people, a bicycle");
    expect(describeObjects([o("apple"), o("wine glass"), o("wine glass"), o("bus"), o("bus"), o("bus")])).toBe("3 buses, 2 wine glasses, an apple");
    expect(describeObjects([o("skis")])).toBe("a pair of skis");
    expect(describeObjects([])).toBe("");
  });
});
