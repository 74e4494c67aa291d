// Clips of known visual content, generated with ffmpeg lavfi for the visual modules' tests, with
// the exact shot list each was built from (so module tests do not depend on the shot detector).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ModuleResults } from "@/lib/pipeline/types";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-visual-clips-"));

export interface KnownShot {
  start: number;
  end: number;
  keyframeTime: number;
}

export interface KnownClip {
  file: string;
  seconds: number;
  shots: KnownShot[];
}

const FONT_CANDIDATES = [
  "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
  "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
  "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
  "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
];

/** A TrueType font for drawtext (Debian: fonts-dejavu-core), or null when none is installed. */
export function findFont(): string | null {
  for (const f of FONT_CANDIDATES) if (fs.existsSync(f)) return f;
  try {
    const out = execFileSync("fc-list", [":style=Bold", "file"], { encoding: "utf8" });
    const f = out.split("\n").map((l) => l.replace(/:\s*$/, "").trim()).find((l) => /\.ttf$/i.test(l));
    if (f) return f;
  } catch {
    /* no fontconfig */
  }
  return null;
}

/** The font, or an error that says what to install (the OCR tests must not skip silently). */
export function requireFont(): string {
  const f = findFont();
  if (!f) throw new Error("No TrueType font for ffmpeg drawtext: apt-get install -y fonts-dejavu-core");
  return f;
}

function shotsFrom(durations: number[]): KnownShot[] {
  let t = 0;
  return durations.map((d) => {
    const s = { start: t, end: t + d, keyframeTime: t + d / 2 };
    t += d;
    return s;
  });
}

function encode(out: string, filter: string, seconds: number): void {
  execFileSync("ffmpeg", [
    "-v", "error", "-y", "-filter_complex", filter, "-map", "[v]", "-t", String(seconds),
    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "25", out,
  ]);
}

const once = (name: string, make: (out: string) => void): string => {
  const out = path.join(dir, name);
  if (!fs.existsSync(out)) make(out);
  return out;
};

/** 0–2 s solid red, 2–4 s solid blue (two shots). */
export function solidColoursClip(): KnownClip {
  const file = once("solid-colours.mp4", (out) =>
    encode(out, "color=c=red:s=320x180:r=25:d=2[a];color=c=blue:s=320x180:r=25:d=2[b];[a][b]concat=n=2:v=1:a=0[v]", 4),
  );
  return { file, seconds: 4, shots: shotsFrom([2, 2]) };
}

/**
 * 0–2 s plain dark grey; 2–4 s navy with "HELLO 2026" in large white letters and "Nike" in yellow
 * at the top left (two shots).
 */
export function textClip(font: string): KnownClip {
  const file = once("text.mp4", (out) => {
    const dt = (text: string, size: number, colour: string, x: string, y: string) =>
      `drawtext=fontfile=${font}:text='${text}':fontsize=${size}:fontcolor=${colour}:x=${x}:y=${y}`;
    encode(
      out,
      `color=c=0x404040:s=640x360:r=25:d=2[a];` +
        `color=c=navy:s=640x360:r=25:d=2,${dt("HELLO 2026", 56, "white", "(w-tw)/2", "(h-th)/2")},${dt("Nike", 36, "yellow", "30", "30")}[b];` +
        `[a][b]concat=n=2:v=1:a=0[v]`,
      4,
    );
  });
  return { file, seconds: 4, shots: shotsFrom([2, 2]) };
}

/**
 * Two set-ups cut A B A B (testsrc2 — a moving test pattern, continuous across its two shots —
 * and SMPTE bars), 1.5 s each, then 0.5 s of black, then a third set-up C (mandelbrot) for 2 s.
 * Shots: A B A B black C.
 */
export function alternationClip(): KnownClip {
  const file = once("alternation.mp4", (out) =>
    encode(
      out,
      "testsrc2=s=320x180:r=25:d=4.5,split=2[a1][a2];" +
        "[a1]trim=0:1.5,setpts=PTS-STARTPTS[A1];[a2]trim=3:4.5,setpts=PTS-STARTPTS[A2];" +
        "smptebars=s=320x180:r=25:d=3,split=2[b1][b2];" +
        "[b1]trim=0:1.5,setpts=PTS-STARTPTS[B1];[b2]trim=1.5:3,setpts=PTS-STARTPTS[B2];" +
        "color=c=black:s=320x180:r=25:d=0.5[K];" +
        "mandelbrot=s=320x180:r=25,trim=0:2,setpts=PTS-STARTPTS[C];" +
        "[A1][B1][A2][B2][K][C]concat=n=6:v=1:a=0,format=yuv420p[v]",
      8,
    ),
  );
  return { file, seconds: 8, shots: shotsFrom([1.5, 1.5, 1.5, 1.5, 0.5, 2]) };
}

/**
 * One set-up (testsrc2) in two shots joined by a fade to black and back: 0–2 s fading out over the
 * last half second, 2–4 s fading in over the first half second.
 */
export function fadeClip(): KnownClip {
  const file = once("fade.mp4", (out) =>
    encode(
      out,
      "testsrc2=s=320x180:r=25:d=4,split=2[a][b];" +
        "[a]trim=0:2,setpts=PTS-STARTPTS,fade=t=out:st=1.5:d=0.5[A];" +
        "[b]trim=2:4,setpts=PTS-STARTPTS,fade=t=in:st=0:d=0.5[B];" +
        "[A][B]concat=n=2:v=1:a=0,format=yuv420p[v]",
      4,
    ),
  );
  return { file, seconds: 4, shots: shotsFrom([2, 2]) };
}

/** The shots module's result for a known shot list, in the shape it stores. */
export function shotsResult(shots: KnownShot[]): NonNullable<ModuleResults["shots"]> {
  // Segments only, as a shots result kept from an earlier run (no `data`): readShotSpans takes the
  // shots from them and their keyframe times.
  return {
    segments: shots.map((s, i) => ({
      start_time: s.start,
      end_time: s.end,
      content: `Shot ${i + 1}`,
      metadata: { provider: "local" as const, method: "test_known_cuts", keyframe_time: s.keyframeTime },
    })),
  };
}
