// Comparison detectors: ffmpeg's scene score (select / scdet) and PySceneDetect's AdaptiveDetector
// (re-implemented: PySceneDetect is Python and not installable here).
import { spawn } from "node:child_process";

function runFfmpeg(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.FFMPEG_PATH || "ffmpeg", args, { stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (t: string) => (err += t));
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(err) : reject(new Error(`ffmpeg exited with ${code}: ${err.slice(-500)}`))));
  });
}

/** `select='gt(scene,T)'` at full resolution: times of the frames whose scene score exceeds T. */
export async function ffmpegSceneCuts(file: string, threshold = 0.3): Promise<number[]> {
  const log = await runFfmpeg([
    "-hide_banner", "-nostats", "-loglevel", "info", "-i", file, "-map", "0:v:0", "-an",
    "-vf", `select='gt(scene,${threshold})',showinfo`, "-f", "null", "-",
  ]);
  return [...log.matchAll(/pts_time:\s*([\d.]+)/g)].map((m) => Number(m[1]));
}

/** `scdet` (default threshold 10): times it logs as scene changes. */
export async function ffmpegScdetCuts(file: string, threshold = 10): Promise<number[]> {
  const log = await runFfmpeg([
    "-hide_banner", "-nostats", "-loglevel", "info", "-i", file, "-map", "0:v:0", "-an",
    "-vf", `scdet=threshold=${threshold}`, "-f", "null", "-",
  ]);
  return [...log.matchAll(/lavfi\.scd\.time:\s*([\d.]+)/g)].map((m) => Number(m[1]));
}

/**
 * PySceneDetect's ContentDetector frame score: mean |Δ| of H, S and V (OpenCV scales: H 0–179,
 * S and V 0–255) between consecutive frames, averaged over the three channels (edges weight 0).
 * Computed here on the same small frames our decode pass produces.
 */
export class HsvContentScore {
  private prev: Uint8Array | null = null;
  readonly scores: number[] = [];

  push(rgb: Uint8Array) {
    const n = rgb.length / 3;
    const hsv = new Uint8Array(n * 3);
    for (let i = 0, p = 0; i < n; i++, p += 3) {
      const r = rgb[p]!, g = rgb[p + 1]!, b = rgb[p + 2]!;
      const v = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      const d = v - min;
      const s = v === 0 ? 0 : Math.round((255 * d) / v);
      let h = 0;
      if (d > 0) {
        if (v === r) h = (60 * (g - b)) / d;
        else if (v === g) h = 120 + (60 * (b - r)) / d;
        else h = 240 + (60 * (r - g)) / d;
        if (h < 0) h += 360;
      }
      hsv[p] = Math.round(h / 2);
      hsv[p + 1] = s;
      hsv[p + 2] = v;
    }
    if (!this.prev) this.scores.push(0);
    else {
      let dh = 0, ds = 0, dv = 0;
      for (let p = 0; p < hsv.length; p += 3) {
        dh += Math.abs(hsv[p]! - this.prev[p]!);
        ds += Math.abs(hsv[p + 1]! - this.prev[p + 1]!);
        dv += Math.abs(hsv[p + 2]! - this.prev[p + 2]!);
      }
      this.scores.push((dh + ds + dv) / (3 * n));
    }
    this.prev = hsv;
  }
}

/**
 * AdaptiveDetector defaults (PySceneDetect 0.6): ratio of a frame's score to the mean score of
 * the 2 frames on each side ≥ 3, score ≥ 15, shots ≥ 15 frames. Returns frame indices.
 */
export function adaptiveDetectorCuts(scores: number[], opts = { threshold: 3, minContent: 15, window: 2, minSceneLen: 15 }): number[] {
  const cuts: number[] = [];
  let last = -Infinity;
  for (let t = 1; t < scores.length; t++) {
    let sum = 0;
    let k = 0;
    for (let j = t - opts.window; j <= t + opts.window; j++) {
      if (j === t || j < 1 || j >= scores.length) continue;
      sum += scores[j]!;
      k++;
    }
    const avg = k ? sum / k : 0;
    const ratio = avg > 1e-5 ? scores[t]! / avg : scores[t]! >= opts.minContent ? 255 : 0;
    if (ratio >= opts.threshold && scores[t]! >= opts.minContent && t - last >= opts.minSceneLen) {
      cuts.push(t);
      last = t;
    }
  }
  return cuts;
}
