import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { describeShot, detectBoundaries, detectShots, type Shot } from "@/lib/analysis/shots";
import {
  createFeatureExtractor,
  decodeFrameFeatures,
  deserializeFrameFeatures,
  type FrameFeatures,
  serializeFrameFeatures,
} from "@/lib/media/decode-frames";
import { rng } from "../helpers/rng";

// ---------------------------------------------------------------------------------------------
// Synthetic feature sequences: 64×36 RGB pictures made in JS, run through the real extractor.
// ---------------------------------------------------------------------------------------------
const W = 64;
const H = 36;
type Picture = (x: number, y: number, t: number) => [number, number, number];

/** A textured picture: a few coloured blobs and stripes, drifting slowly with t (frames). */
function texture(seed: number, drift = 0.2): Picture {
  const r = rng(seed);
  const blobs = Array.from({ length: 6 }, () => ({
    x: r() * W, y: r() * H, s: 4 + r() * 10, c: [r() * 255, r() * 255, r() * 255],
  }));
  const base = [r() * 120, r() * 120, r() * 120];
  const fx = 0.1 + r() * 0.4;
  return (x, y, t) => {
    const px = x + t * drift;
    const out = [...base];
    const stripe = 30 * Math.sin(px * fx + y * 0.2);
    for (const b of blobs) {
      const d = Math.hypot(px - b.x, y - b.y);
      const k = Math.exp(-(d * d) / (2 * b.s * b.s));
      for (let c = 0; c < 3; c++) out[c] = out[c]! * (1 - k) + b.c[c]! * k;
    }
    return [out[0]! + stripe, out[1]! + stripe, out[2]! + stripe] as [number, number, number];
  };
}

const black: Picture = () => [0, 0, 0];
const mix = (a: Picture, b: Picture, alpha: (x: number, y: number) => number): Picture => (x, y, t) => {
  const pa = a(x, y, t);
  const pb = b(x, y, t);
  const k = alpha(x, y);
  return [pa[0] * (1 - k) + pb[0] * k, pa[1] * (1 - k) + pb[1] * k, pa[2] * (1 - k) + pb[2] * k];
};

/** frames[i] = picture(i); noise adds sensor grain. */
function featuresOf(pictures: ((t: number) => Picture)[], opts: { fps?: number; noise?: number } = {}): FrameFeatures[] {
  const fps = opts.fps ?? 25;
  const ex = createFeatureExtractor(W, H);
  const noise = rng(99);
  const rgb = new Uint8Array(W * H * 3);
  return pictures.map((pic, i) => {
    const p = pic(i);
    for (let y = 0, o = 0; y < H; y++) {
      for (let x = 0; x < W; x++, o += 3) {
        const v = p(x, y, i);
        for (let c = 0; c < 3; c++) {
          const n = opts.noise ? (noise() - 0.5) * opts.noise : 0;
          rgb[o + c] = Math.max(0, Math.min(255, Math.round(v[c]! + n)));
        }
      }
    }
    return ex.extract(rgb, i, i / fps);
  });
}

const hold = (pic: Picture, n: number) => Array.from({ length: n }, () => () => pic);
const ramp = (a: Picture, b: Picture, n: number, alpha?: (x: number, y: number, k: number) => number) =>
  Array.from({ length: n }, (_, i) => () => mix(a, b, (x, y) => (alpha ? alpha(x, y, (i + 1) / (n + 1)) : (i + 1) / (n + 1))));

function boundaryFrames(frames: FrameFeatures[], fps = 25) {
  return detectBoundaries(frames, { fps, duration: frames.length / fps }).boundaries;
}

describe("detectShots on synthetic features", () => {
  const A = texture(1);
  const B = texture(2);
  const C = texture(3);

  it("finds a hard cut on the first frame of the new shot", () => {
    const frames = featuresOf([...hold(A, 50), ...hold(B, 50), ...hold(C, 40)], { noise: 6 });
    const shots = detectShots(frames, { fps: 25, duration: 140 / 25 });
    expect(shots.map((s) => s.startsWith)).toEqual(["start", "cut", "cut"]);
    expect(shots[1]!.start).toBeCloseTo(50 / 25, 5);
    expect(shots[2]!.start).toBeCloseTo(100 / 25, 5);
    expect(shots[2]!.end).toBeCloseTo(140 / 25, 5);
    expect(shots[1]!.transitionIn).toMatchObject({ type: "cut", start: 2, end: 2 });
  });

  it("finds a dissolve and puts the boundary in its middle", () => {
    const frames = featuresOf([...hold(A, 50), ...ramp(A, B, 24), ...hold(B, 50)], { noise: 4 });
    const [b] = boundaryFrames(frames);
    expect(b!.in).toBe("dissolve");
    expect(b!.startFrame).toBeGreaterThanOrEqual(47);
    expect(b!.endFrame).toBeLessThanOrEqual(77);
    expect(Math.abs(b!.frame - 62)).toBeLessThanOrEqual(3);
  });

  it("merges a fade out to black and a fade in into one boundary", () => {
    const frames = featuresOf([...hold(A, 50), ...ramp(A, black, 12), ...hold(black, 5), ...ramp(black, B, 12), ...hold(B, 50)]);
    const shots = detectShots(frames, { fps: 25, duration: frames.length / 25 });
    expect(shots).toHaveLength(2);
    expect(shots[0]!.endsWith).toBe("fade_out");
    expect(shots[1]!.startsWith).toBe("fade_in");
    const t = shots[1]!.transitionIn!;
    expect(t.start).toBeGreaterThanOrEqual(47 / 25);
    expect(t.end).toBeLessThanOrEqual(81 / 25);
    expect(shots[1]!.start).toBeGreaterThan(55 / 25);
    expect(shots[1]!.start).toBeLessThan(75 / 25);
  });

  it("a fade through black followed closely by a wipe stays two boundaries, the fade's inside its window", () => {
    const wipe = (x: number, _y: number, k: number) => (x < k * W ? 1 : 0);
    const frames = featuresOf(
      [...hold(A, 50), ...ramp(A, black, 10), ...hold(black, 5), ...ramp(black, B, 10), ...hold(B, 10), ...ramp(B, C, 12, wipe), ...hold(C, 50)],
      { noise: 4 },
    );
    const bs = boundaryFrames(frames);
    expect(bs).toHaveLength(2);
    expect(bs[0]!.out).toBe("fade_out");
    expect(bs[0]!.in).toBe("fade_in");
    expect(bs[0]!.frame).toBeGreaterThanOrEqual(50);
    expect(bs[0]!.frame).toBeLessThanOrEqual(75);
    expect(bs[1]!.in).toBe("wipe");
  });

  it("finds a wipe", () => {
    const frames = featuresOf([...hold(A, 50), ...ramp(A, B, 15, (x, _y, k) => (x < k * W ? 1 : 0)), ...hold(B, 50)], { noise: 4 });
    const [b, ...rest] = boundaryFrames(frames);
    expect(rest).toHaveLength(0);
    expect(b!.in).toBe("wipe");
    expect(b!.frame).toBeGreaterThanOrEqual(50);
    expect(b!.frame).toBeLessThanOrEqual(65);
  });

  it("ignores a 2-frame white flash and a 1-frame dropout", () => {
    const white: Picture = () => [255, 255, 255];
    const frames = featuresOf(
      [...hold(A, 40), ...hold(mix(A, white, () => 0.85), 2), ...hold(A, 40), ...hold(black, 1), ...hold(A, 40)],
      { noise: 6 },
    );
    expect(boundaryFrames(frames)).toEqual([]);
  });

  it("ignores a fast pan and still finds the cut after it", () => {
    const wide = texture(7, 0);
    const pan: Picture = (x, y, t) => wide(x + t * 3, y, 0); // 3 px/frame at 64 px wide ≈ 1.2 widths/s
    const frames = featuresOf([...hold(pan, 90), ...hold(B, 40)], { noise: 4 });
    const bs = boundaryFrames(frames);
    expect(bs.map((b) => [b.frame, b.in])).toEqual([[90, "cut"]]);
  });

  it("ignores frame-rate-conversion duplicates", () => {
    // 24 → 30 fps: every 4th source frame shown twice.
    const seq: (() => Picture)[] = [];
    for (let i = 0; seq.length < 120; i++) {
      const p: Picture = (x, y) => A(x, y, i * 1.5);
      seq.push(() => p);
      if (i % 4 === 3) seq.push(() => p);
    }
    expect(boundaryFrames(featuresOf(seq, { fps: 30, noise: 3 }), 30)).toEqual([]);
  });

  it("a hard cut to black for the last seconds is a boundary; a fade out or a short black tail is not", () => {
    const cutToBlack = detectShots(featuresOf([...hold(A, 75), ...hold(black, 50)]), { fps: 25, duration: 5 });
    expect(cutToBlack.map((s) => [s.start, s.end])).toEqual([[0, 3], [3, 5]]);
    expect(cutToBlack[0]!.meanLuma).toBeGreaterThan(0.1);
    expect(detectShots(featuresOf([...hold(A, 75), ...ramp(A, black, 12), ...hold(black, 50)]), { fps: 25, duration: 5.5 })).toHaveLength(1);
    expect(detectShots(featuresOf([...hold(A, 75), ...hold(black, 10)]), { fps: 25, duration: 3.4 })).toHaveLength(1);
    // …and likewise at the start: a long black opening cut into the picture.
    expect(detectShots(featuresOf([...hold(black, 50), ...hold(A, 75)]), { fps: 25, duration: 5 }).map((s) => s.start)).toEqual([0, 2]);
  });

  it("a jerk of a close-up (same colours, layout moved a little, after a duplicate) is no cut", () => {
    // A textured close-up moving steadily, with 20→25 fps duplicates, and one sudden larger step.
    const seq: ((t: number) => Picture)[] = [];
    let pos = 0;
    for (let i = 0; i < 120; i++) {
      if (i % 5 !== 4) pos += i === 64 ? 5 : 1.2; // frame 64 follows a duplicate with a 4× step
      const p = pos;
      seq.push(() => (x, y) => A(x + p, y, 0));
    }
    expect(boundaryFrames(featuresOf(seq, { noise: 3 }))).toEqual([]);
  });

  it("real footage: the hand-held cockatoo's beak crossing the lens (20→25 fps) is no boundary", () => {
    // Decode-pass features of 6 s of imageio's cockatoo.mp4 (tests/fixtures/README.md).
    const file = path.join(__dirname, "../fixtures/cockatoo-beak-20to25.features.gz");
    const frames = deserializeFrameFeatures(zlib.gunzipSync(fs.readFileSync(file)));
    expect(frames).toHaveLength(150);
    expect(boundaryFrames(frames)).toEqual([]);
  });

  it("real film: a reverse-shot cut across one candle-lit table (same palette, layout moved a little) is a cut", () => {
    // Decode-pass features of frames 68–127 of OpenCV's Megamind.avi (tests/fixtures/README.md): her
    // close shot, then at frame 98 (30 here) the reverse shot of him across the same table. The colours
    // hardly change (histogram distance 0.04) and the block grid moves less than a close-up jerk's
    // threshold, but both shots are calm: the jump stands ~17× above the change around it.
    const file = path.join(__dirname, "../fixtures/megamind-reverse-shot.features.gz");
    const frames = deserializeFrameFeatures(zlib.gunzipSync(fs.readFileSync(file)));
    expect(frames).toHaveLength(60);
    expect(boundaryFrames(frames, 23.976).map((b) => [b.frame, b.out, b.in])).toEqual([[30, "cut", "cut"]]);
  });

  it("real film, damaged copy: the same cut between bars, blocks and black bands on single frames", () => {
    // Frames 80–119 of OpenCV's Megamind_bugy.avi (tests/fixtures/README.md): damaged frames at 80, 85,
    // 90, 95, 100, 115 of the file; the cut at 98 (18 here). A damaged frame two frames either side of
    // the cut used to pass for a transition's spread, and their scores for a busy background.
    const file = path.join(__dirname, "../fixtures/megamind-damaged-cut.features.gz");
    const frames = deserializeFrameFeatures(zlib.gunzipSync(fs.readFileSync(file)));
    expect(frames).toHaveLength(40);
    expect(boundaryFrames(frames, 30).map((b) => [b.frame, b.out, b.in])).toEqual([[18, "cut", "cut"]]);
  });

  it("real film, fast action: of a cut and a body falling into the new shot 3 frames later, the cut is the boundary", () => {
    // Frames 156–199 of Sintel's fight (shaka-player's test segment, tests/fixtures/README.md): the cut
    // at 176 (20 here) to empty snow, then at 179 (23) her body swings into the frame in one step. Both
    // are cut candidates, closer than the shortest shot; the fall's change carries on around it.
    const file = path.join(__dirname, "../fixtures/sintel-cut-then-fall.features.gz");
    const frames = deserializeFrameFeatures(zlib.gunzipSync(fs.readFileSync(file)));
    expect(frames).toHaveLength(44);
    expect(boundaryFrames(frames, 24).map((b) => [b.frame, b.out, b.in])).toEqual([[20, "cut", "cut"]]);
  });

  it("real film: a dark wing leaving the frame is no cut; the over-the-shoulder cut after it is", () => {
    // Frames 50–95 of Sintel (shaka-player's video.ts, tests/fixtures/README.md): a wing sweeps across
    // the lens (63–66 of the file, 13–16 here) while the camera pushes in; it is gone at 67 (17). The
    // cut at 81 (31) replaces the whole picture; the wing's exit changes only the third it covered.
    const file = path.join(__dirname, "../fixtures/sintel-wing-then-cut.features.gz");
    const frames = deserializeFrameFeatures(zlib.gunzipSync(fs.readFileSync(file)));
    expect(frames).toHaveLength(46);
    expect(boundaryFrames(frames, 24).map((b) => [b.frame, b.out, b.in])).toEqual([[31, "cut", "cut"]]);
  });

  it("keeps a long black hold as its own shot and describes shots in words", () => {
    const frames = featuresOf([...hold(A, 50), ...hold(black, 50), ...hold(B, 50)]);
    const shots = detectShots(frames, { fps: 25, duration: 6 });
    expect(shots).toHaveLength(3);
    expect(shots[1]!.meanLuma).toBeLessThan(0.05);
    expect(describeShot(shots[1]!)).toMatch(/^Shot 2 · 2\.0 s · cut in · dark, static/);
    expect(describeShot(shots[0]!)).toMatch(/^Shot 1 · 2\.0 s · opens the video · /);
  });

  it("serializes features losslessly", () => {
    const frames = featuresOf([...hold(A, 3), ...hold(B, 2)], { noise: 6 });
    const back = deserializeFrameFeatures(serializeFrameFeatures(frames));
    expect(back).toHaveLength(5);
    expect(back[4]!.grid).toEqual(frames[4]!.grid);
    expect(back[4]!.hist).toEqual(frames[4]!.hist);
    expect(back[4]!.diffPrev).toBeCloseTo(frames[4]!.diffPrev, 6);
    expect(back[3]!.time).toBe(frames[3]!.time);
  });

  it("returns one shot for an empty or tiny input", () => {
    expect(detectShots([], { fps: 25, duration: 3 })).toMatchObject([{ start: 0, end: 3, startsWith: "start", endsWith: "end" }]);
    const one = detectShots(featuresOf(hold(A, 2)), { fps: 25, duration: 0.08 });
    expect(one).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Integration: real ffmpeg clips, real decode.
// ---------------------------------------------------------------------------------------------
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shots-test-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function makeClip(name: string, graph: string): string {
  const out = path.join(dir, `${name}.mp4`);
  execFileSync(
    process.env.FFMPEG_PATH || "ffmpeg",
    ["-v", "error", "-y", "-filter_complex", graph, "-map", "[v]", "-c:v", "libx264", "-preset", "ultrafast", "-crf", "20", "-pix_fmt", "yuv420p", out],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  return out;
}

const S = "320x180";
// Sources trimmed to exact frame counts with clean timestamps (xfade needs 3 spare frames after its window).
const src = (chain: string, frames: number, fps: number, label: string) =>
  `${chain},trim=end_frame=${frames},setpts=N/${fps}/TB,format=yuv420p,setsar=1,settb=1/${fps}[${label}]`;

async function shotsOf(file: string): Promise<{ shots: Shot[]; fps: number }> {
  const d = await decodeFrameFeatures(file);
  return { shots: detectShots(d.frames, { fps: d.fps, duration: d.duration }), fps: d.fps };
}

describe("decodeFrameFeatures + detectShots on ffmpeg clips", () => {
  it("cuts land on the exact frame; a white flash is no cut", async () => {
    const fps = 25;
    const file = makeClip(
      "cuts",
      [
        src(`testsrc2=s=${S}:r=${fps}:d=3`, 60, fps, "a"),
        src(`mandelbrot=s=${S}:r=${fps}:maxiter=60,trim=duration=3`, 55, fps, "b"),
        src(`smptehdbars=s=${S}:r=${fps}:d=3`, 50, fps, "c"),
        src(`testsrc2=s=${S}:r=${fps}:d=3,hue=h=180`, 60, fps, "d"),
        `[a][b][c][d]concat=n=4:v=1:a=0,setpts=N/${fps}/TB,drawbox=x=0:y=0:w=iw:h=ih:color=white@0.9:t=fill:enable='between(n,135,136)'[v]`,
      ].join(";"),
    );
    // The same pass hands every small frame to a callback (for other per-frame analyses).
    let seen = 0;
    let lastTime = -1;
    const d = await decodeFrameFeatures(file, {
      onFrame: (frame, features) => {
        expect(frame.rgb).toHaveLength(64 * 36 * 3);
        expect(frame.index).toBe(seen++);
        expect(frame.time).toBeGreaterThan(lastTime);
        expect(features.time).toBe(frame.time);
        lastTime = frame.time;
      },
    });
    expect(seen).toBe(225);
    expect(d).toMatchObject({ fps: 25, width: 320, height: 180, frameCount: 225 });
    const shots = detectShots(d.frames, { fps: d.fps, duration: d.duration });
    expect(shots.map((s) => s.startsWith)).toEqual(["start", "cut", "cut", "cut"]);
    const frameOf = (t: number) => Math.round(t * fps);
    expect(shots.slice(1).map((s) => frameOf(s.start))).toEqual([60, 115, 165]);
    expect(shots[3]!.end).toBeCloseTo(225 / fps, 2);
  });

  it("dissolve, wipe and fade through black fall inside their windows", async () => {
    const fps = 30;
    // xfade windows (frames): dissolve 75–105, wipe 180–195, fadeblack 270–300.
    const file = makeClip(
      "gradual",
      [
        src(`testsrc2=s=${S}:r=${fps}:d=4`, 108, fps, "a"),
        src(`mandelbrot=s=${S}:r=${fps}:maxiter=60,trim=duration=5`, 125, fps, "b"),
        src(`smptehdbars=s=${S}:r=${fps}:d=5`, 125, fps, "c"),
        src(`testsrc2=s=${S}:r=${fps}:d=4,hue=h=120`, 90, fps, "d"),
        `[a][b]xfade=transition=fade:duration=1:offset=2.5,setpts=N/${fps}/TB[ab]`,
        `[ab][c]xfade=transition=wipeleft:duration=0.5:offset=6,setpts=N/${fps}/TB[abc]`,
        `[abc][d]xfade=transition=fadeblack:duration=1:offset=9,setpts=N/${fps}/TB[v]`,
      ].join(";"),
    );
    const { shots } = await shotsOf(file);
    const inWindow = (s: Shot, a: number, b: number) => s.start >= (a - 1) / fps && s.start <= (b + 1) / fps;
    expect(shots).toHaveLength(4);
    expect(shots[1]!.startsWith).toBe("dissolve");
    expect(inWindow(shots[1]!, 75, 105)).toBe(true);
    expect(shots[2]!.startsWith).toBe("wipe");
    expect(inWindow(shots[2]!, 180, 195)).toBe(true);
    expect(shots[3]!.startsWith).toBe("fade_in");
    expect(shots[2]!.endsWith).toBe("fade_out");
    expect(inWindow(shots[3]!, 270, 300)).toBe(true);
  });

  it("variable frame rate: frame times come from the timestamps", async () => {
    const out = path.join(dir, "vfr.mkv");
    execFileSync(process.env.FFMPEG_PATH || "ffmpeg", [
      "-v", "error", "-y", "-f", "lavfi", "-i", `testsrc2=s=${S}:r=30:d=4`,
      "-vf", "setpts='if(lt(N,60),N/30,2+(N-60)/15)/TB'", "-fps_mode", "vfr",
      "-c:v", "libx264", "-preset", "ultrafast", out,
    ]);
    const d = await decodeFrameFeatures(out);
    expect(d.frames).toHaveLength(120);
    expect(d.frames[59]!.time).toBeCloseTo(59 / 30, 3);
    expect(d.frames[61]!.time).toBeCloseTo(2 + 1 / 15, 3);
    expect(d.frames[119]!.time).toBeCloseTo(2 + 59 / 15, 3);
  });

  it("a fast pan converted 24→29.97 fps with duplicates is one shot until the cut", async () => {
    const file = makeClip(
      "pan",
      [
        src(
          `testsrc=s=960x540:r=24:d=1,trim=end_frame=1,loop=loop=-1:size=1,setpts=N/24/TB,crop=320:180:x='640*(0.5-0.5*cos(2*PI*t/3))':y='180+160*sin(2*PI*t/5)'`,
          144,
          24,
          "a",
        ),
        src(`mandelbrot=s=${S}:r=24:maxiter=60,trim=duration=3`, 48, 24, "b"),
        `[a][b]concat=n=2:v=1:a=0,setpts=N/24/TB,fps=30000/1001[v]`,
      ].join(";"),
    );
    const { shots, fps } = await shotsOf(file);
    expect(fps).toBeCloseTo(29.97, 2);
    expect(shots).toHaveLength(2);
    // Cut at source frame 144 (6 s) → output frame round(144·29.97/24) = 180.
    expect(Math.abs(shots[1]!.start - 180 / fps)).toBeLessThanOrEqual(1 / fps + 1e-6);
    expect(shots[0]!.motion).toBeGreaterThan(shots[1]!.motion);
  });
});
