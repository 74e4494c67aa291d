// Faces described once per track (issue 38): the labels analyzer on real keyframe stills of one run
// — the man of Human's face-detection screenshot, the same framing again with the grain a later
// frame would have, and a woman framed at the same place — with the real detector and faceres in
// the TF.js models' process.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { labelsAnalyzer } from "@/lib/analysis/keyframes/labels-analyzer";
import { cosine } from "@/lib/analysis/people/cluster";
import { useApiTestEnv } from "../helpers/env";

useApiTestEnv("face-tracks");
delete process.env.FACE_GROUPING;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-face-tracks-"));
const SCREENSHOT = path.join(process.cwd(), "node_modules/@vladmandic/human/assets/screenshot-facedetect.jpg");

/** A 640×360 keyframe still in the run folder `run`: a head-and-shoulders crop of the screenshot, `extra` filters after. */
function still(run: string, name: string, crop: string, extra = ""): string {
  fs.mkdirSync(path.join(dir, run), { recursive: true });
  const out = path.join(dir, run, `${name}.jpg`);
  const vf = `crop=${crop},scale=-2:360,pad=640:360:(ow-iw)/2:0:gray,setsar=1${extra}`;
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", SCREENSHOT, "-vf", vf, "-frames:v", "1", "-q:v", "3", out]);
  return out;
}

const MAN = "160:160:0:340";
const WOMAN = "160:160:160:340";
const signal = new AbortController().signal;
const analyze = async (file: string, time: number) => {
  const det = await labelsAnalyzer.analyze({ file, time, small: null }, signal);
  const described = det.faces.filter((f) => f.descriptor);
  expect(described).toHaveLength(1);
  return described[0]!.descriptor!;
};

describe("face descriptions once per track", () => {
  it("a face seen again at the same place a few seconds later takes its description; another person there gets one of their own", async () => {
    const man = await analyze(still("run-a", "man", MAN), 1);
    // The same framing with sensor-like grain (a later frame of the same set-up): same track.
    const grainy = still("run-a", "man-grain", MAN, ",noise=alls=12:allf=t");
    expect(Array.from(await analyze(grainy, 3))).toEqual(Array.from(man));
    // Described on its own (another run), the grainy still gives another description of the same man:
    // so the equality above is the track's reuse, not faceres answering alike.
    const alone = await analyze(still("run-b", "man-grain", MAN, ",noise=alls=12:allf=t"), 3);
    expect(Array.from(alone)).not.toEqual(Array.from(man));
    expect(cosine(alone, man)).toBeGreaterThan(0.8);
    // A woman where the man sat: described anew, and not as him.
    const woman = await analyze(still("run-a", "woman", WOMAN), 5);
    expect(cosine(woman, man)).toBeLessThan(0.8);
  }, 240_000);
});
