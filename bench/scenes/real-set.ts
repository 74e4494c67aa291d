// The real-footage set: composites of real video (imageio's cockatoo and room clips, Sintel's
// opening) and real photos filmed by a virtual camera (skimage), with the truth written next to
// each shot. "tune" is what thresholds were set on; "held-out" uses other photos and other parts
// of the videos and was only ever run for the report.
import type { CompositeSpec, Join, ShotItem } from "./composite";
import type { ShotSource } from "./render-shot";

const cut: Join = { type: "cut" };
const dissolve = (seconds: number): Join => ({ type: "dissolve", seconds });
const fade = (out: number, hold: number, inn: number): Join => ({ type: "fade", out, hold, in: inn });
const photo = (p: string, cx: number, cy: number, z0: number, more: Partial<Extract<ShotSource, { kind: "photo" }>> = {}): ShotSource => ({
  kind: "photo", photo: p, cx, cy, z0, ...more,
});
const video = (v: "cockatoo" | "realshort" | "sintel", from: number): ShotSource => ({ kind: "video", video: v, from, palindrome: v === "realshort" });
const black: ShotSource = { kind: "black" };
const shot = (src: ShotSource, seconds: number, scene: string, setup?: string): ShotItem => ({ src, seconds, scene, setup });

/** Shots and joins written alternately: shot, join, shot, join, shot … */
function seq(name: string, part: CompositeSpec["part"], fps: number, list: (ShotItem | Join)[], size: [number, number] = [640, 360]): CompositeSpec {
  const shots = list.filter((x): x is ShotItem => "src" in x);
  const joins = list.filter((x): x is Join => !("src" in x));
  if (joins.length !== shots.length - 1) throw new Error(`${name}: ${shots.length} shots need ${shots.length - 1} joins`);
  return { name, part, fps, width: size[0], height: size[1], shots, joins };
}

const negative = (name: string, part: CompositeSpec["part"], kind: string, fps: number, src: ShotSource, seconds: number): CompositeSpec => ({
  name, part, fps, width: 640, height: 360, negative: kind, shots: [{ src, seconds, scene: "n", setup: "n" }], joins: [],
});

const AST = "astronaut.png", COF = "coffee.png", CAT = "chelsea.png", MOTO_L = "motorcycle_left.png", MOTO_R = "motorcycle_right.png";
const ROCKET = "rocket.jpg", HUBBLE = "hubble_deep_field.jpg", COINS = "coins.png", RETINA = "retina.jpg";

export const REAL_SET: CompositeSpec[] = [
  // Wide / medium / close-up of one set-up; scenes joined by a fade, a dissolve and a black slug.
  seq("t1-framings", "tune", 25, [
    shot(photo(AST, 0.45, 0.3, 1, { z1: 1.08, pan: [0.03, 0] }), 3, "S1", "astronaut"), cut,
    shot(photo(AST, 0.45, 0.22, 2, { exposure: [-0.06, 0.06] }), 2.4, "S1", "astronaut"), cut,
    shot(photo(AST, 0.45, 0.2, 4, { shake: 3 }), 2, "S1", "astronaut"), cut,
    shot(photo(AST, 0.5, 0.4, 1.1, { shake: 2 }), 2.4, "S1", "astronaut"), fade(0.5, 0.24, 0.5),
    shot(photo(COF, 0.5, 0.4, 1, { z1: 1.15 }), 3.2, "S2", "coffee"), cut,
    shot(photo(COF, 0.5, 0.3, 2.6, { exposure: [0.05, -0.05] }), 2.4, "S2", "coffee"), dissolve(0.6),
    shot(photo(CAT, 0.5, 0.5, 1, { pan: [-0.05, 0] }), 3, "S3", "cat"), cut,
    shot(photo(CAT, 0.4, 0.4, 2.5, { exposure: [-0.1, -0.1] }), 2.4, "S3", "cat"), cut,
    shot(photo(CAT, 0.5, 0.5, 1.05, { shake: 2 }), 2.4, "S3", "cat"), cut,
    shot(black, 1.6, "S3"), cut,
    shot(video("cockatoo", 0.5), 4, "S4", "cockatoo"),
  ]),
  // A-B-C-A (four scenes, not one); a fade between two shots of the same cockatoo (one scene); a
  // jump back in time inside one take (a cut, same set-up); a short cutaway inside a scene.
  seq("t2-returns", "tune", 25, [
    shot(video("cockatoo", 0), 3.5, "S1", "cockatoo"), cut,
    shot(video("realshort", 0), 2.6, "S2", "room"), cut,
    shot(photo(CAT, 0.5, 0.55, 1.6, { shake: 2 }), 3, "S3", "cat"), cut,
    shot(video("cockatoo", 9.5), 3, "S4", "cockatoo"), fade(0.4, 0.2, 0.4),
    shot(video("cockatoo", 4), 3.5, "S4", "cockatoo"), cut,
    shot(video("cockatoo", 5.5), 3, "S4", "cockatoo"), cut,
    shot(photo(AST, 0.45, 0.3, 1.1, { pan: [0, 0.02] }), 3, "S5", "astronaut"), cut,
    shot(photo(COF, 0.5, 0.3, 2.2), 1.2, "S5", "coffee"), cut,
    shot(photo(AST, 0.45, 0.22, 2.4, { exposure: [0.05, 0.05] }), 2.6, "S5", "astronaut"), dissolve(0.8),
    shot(video("realshort", 0), 3, "S6", "room"), cut,
    shot(photo(CAT, 0.37, 0.38, 3.2, { shake: 2 }), 2.4, "S7", "cat"),
  ]),
  // The user clip of the issue: a fractal zoom, then a hard cut to black for the last 3 s.
  seq("t3-fractal-to-black", "tune", 25, [shot({ kind: "mandelbrot" }, 12, "S1", "fractal"), cut, shot(black, 3, "S1")]),
  // Issue 28: a set-up, a 1.16 s insert of it (the cockatoo's beak close to the lens), an unrelated
  // set-up, a dissolve back to the first set-up. The insert belongs to the first scene; the cut after
  // it is a scene boundary; the return after 4 s elsewhere is a scene of its own (as in t2's A-B-C-A).
  seq("t4-short-insert", "tune", 25, [
    shot(video("cockatoo", 0.2), 3.5, "S1", "cockatoo"), cut,
    shot(video("cockatoo", 4.2), 1.16, "S1", "cockatoo"), cut,
    shot(photo(AST, 0.5, 0.35, 1.3, { pan: [0.03, 0.01] }), 4, "S2", "astronaut"), dissolve(0.6),
    shot(video("cockatoo", 10.5), 3, "S3", "cockatoo"),
  ]),
  negative("tn1-cockatoo-20to25", "tune", "fps duplicates", 25, video("cockatoo", 0), 13.9),
  negative("tn2-room-30to25", "tune", "fps duplicates", 25, video("realshort", 0), 12),
  negative("tn3-astronaut-handheld", "tune", "hand-held", 25, photo(AST, 0.45, 0.4, 1.3, { shake: 14, z1: 2, flicker: 0.06 }), 20),
  negative("tn4-coffee-whip", "tune", "fast motion", 25, photo(COF, 0.2, 0.5, 2.2, { pan: [1.6, 0.2], shake: 6 }), 10),
  negative("tn5-cat-exposure", "tune", "exposure", 25, photo(CAT, 0.5, 0.5, 1, { z1: 2.5, exposure: [-0.25, 0.2], flicker: 0.08 }), 12),

  // Held out: other photos, other parts of the videos, 24 fps.
  seq("h1-framings", "held-out", 24, [
    shot(video("sintel", 3.8), 2, "S1", "sintel-fly"), cut,
    shot(video("sintel", 6.9), 3, "S1", "sintel-peak"), dissolve(0.5),
    shot(photo(MOTO_L, 0.5, 0.5, 1, { z1: 1.06 }), 3, "S2", "motorcycle"), cut,
    shot(photo(MOTO_R, 0.55, 0.55, 2, { shake: 2 }), 2.4, "S2", "motorcycle"), cut,
    shot(photo(MOTO_L, 0.88, 0.72, 3.5, { exposure: [0.04, -0.04] }), 2, "S2", "motorcycle"), fade(0.5, 0.3, 0.5),
    shot(photo(ROCKET, 0.5, 0.5, 1, { z1: 1.1 }), 3, "S3", "rocket"), cut,
    shot(photo(ROCKET, 0.5, 0.45, 2.8, { shake: 2 }), 2.4, "S3", "rocket"), cut,
    shot(photo(HUBBLE, 0.5, 0.5, 1.2, { pan: [0.1, 0] }), 3, "S4", "hubble"), cut,
    shot(video("cockatoo", 9), 3, "S5", "cockatoo"), fade(0.4, 0.25, 0.4),
    shot(video("cockatoo", 11), 2.9, "S5", "cockatoo"), cut,
    shot(photo(MOTO_L, 0.5, 0.5, 1.05), 3, "S6", "motorcycle"),
  ], [960, 540]),
  seq("h2-returns", "held-out", 25, [
    shot(photo(ROCKET, 0.5, 0.55, 1.2), 3.5, "S1", "rocket"), cut,
    shot(video("sintel", 7), 2.5, "S2", "sintel-peak"), cut,
    shot(photo(COINS, 0.5, 0.5, 1.3, { pan: [0.05, 0] }), 2.5, "S3", "coins"), cut,
    shot(photo(ROCKET, 0.5, 0.45, 2.2), 3, "S4", "rocket"), cut,
    shot(photo(RETINA, 0.5, 0.5, 1.4, { z1: 1.6 }), 3, "S5", "retina"), cut,
    shot(photo(MOTO_L, 0.55, 0.6, 2.5), 1.0, "S5", "motorcycle"), cut,
    shot(photo(RETINA, 0.4, 0.45, 2.4, { exposure: [0.05, -0.03] }), 2.6, "S5", "retina"), cut,
    shot(black, 1.6, "S5"), cut,
    shot(video("cockatoo", 1.5), 3, "S6", "cockatoo"), cut,
    shot(video("cockatoo", 0.5), 2.5, "S6", "cockatoo"), dissolve(0.7),
    shot(photo(COINS, 0.7, 0.7, 3), 2.5, "S7", "coins"), cut,
    shot(video("cockatoo", 10), 3, "S8", "cockatoo"), cut,
    shot(black, 3, "S8"),
  ]),
  negative("hn1-cockatoo-20to24", "held-out", "fps duplicates", 24, video("cockatoo", 0), 13.9),
  negative("hn2-motorcycle-handheld", "held-out", "hand-held", 25, photo(MOTO_L, 0.5, 0.55, 1.2, { shake: 16, z1: 2.2, flicker: 0.07 }), 20),
  negative("hn3-rocket-whip", "held-out", "fast motion", 25, photo(ROCKET, 0.1, 0.5, 2.4, { pan: [1.8, 0], shake: 5 }), 10),
  negative("hn4-sintel-peak", "held-out", "fps duplicates", 25, video("sintel", 6.9), 3),
  negative("hn5-hubble-exposure", "held-out", "exposure", 25, photo(HUBBLE, 0.5, 0.5, 1, { z1: 2.5, exposure: [-0.1, 0.15], flicker: 0.06 }), 12),
];
