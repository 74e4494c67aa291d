// Shot boundaries from per-frame features: hard cuts + gradual transitions, fades through black
// merged into one boundary, then shots with a keyframe, brightness, motion and colour.
import { detectCuts } from "./detect-cuts";
import { detectGradual } from "./detect-gradual";
import { type Flat, flatKind } from "./window-measures";
import { frameDistance } from "./frame-distance";
import type { Boundary, DetectShotsOptions, Shot, ShotFrame, TransitionKind } from "./types";
import { item } from "@/lib/core/item";

interface Event {
  start: number;
  end: number;
  /** First frame of the new shot for cuts; the middle for gradual transitions. */
  frame: number;
  out: TransitionKind;
  in: TransitionKind;
  confidence: number;
  toFlat: Flat;
  fromFlat: Flat;
  strength: number;
  /** Hard cuts: the jump over the change a few frames either side (see Cut.sharpness). */
  sharpness?: number;
  /** Merged from a transition into black/white and one out of it: a complete fade through. */
  throughFlat?: boolean;
}

const isFlatRun = (frames: ShotFrame[], from: number, to: number, kind: Flat) => {
  for (let i = Math.max(0, from); i <= Math.min(frames.length - 1, to); i++) if (flatKind(item(frames, i)) !== kind) return false;
  return true;
};

/** All boundaries between shots, in frame units, before shots are assembled. */
export function detectBoundaries(
  frames: ShotFrame[],
  opts: DetectShotsOptions,
): { boundaries: Boundary[]; opensWith: TransitionKind; closesWith: TransitionKind } {
  const n = frames.length;
  const fps = opts.fps > 0 ? opts.fps : 30;
  const maxHold = Math.round((opts.maxHoldSeconds ?? 1) * fps);
  const minShot = (opts.minShotSeconds ?? 0.25) * fps;
  let opensWith: TransitionKind = "start";
  let closesWith: TransitionKind = "end";
  if (n < 3) return { boundaries: [], opensWith, closesWith };

  const cuts = detectCuts(frames, { fps });
  // A change from black to black (or white to white) happens inside a hold, not between shots.
  let gradual = detectGradual(frames, { fps }).filter((g) => !(flatKind(item(frames, g.start)) && flatKind(item(frames, g.start)) === flatKind(item(frames, g.end))));
  // A cut inside (or at the very edge of) a gradual window: whichever explains the change.
  const keptCuts = cuts.filter((c) => {
    const g = gradual.find((x) => {
      const margin = Math.max(2, Math.round(0.15 * (x.end - x.start)));
      return c.frame > x.start - margin && c.frame <= x.end + margin;
    });
    if (!g) return true;
    const jump = frameDistance(item(frames, c.frame - 1), item(frames, c.frame));
    // A quick dive into black (or out of it) is still a fade: a big step right next to the flat end
    // belongs to it.
    const atFlatEnd = (g.type === "fade_out" && g.end - c.frame <= 2) || (g.type === "fade_in" && c.frame - g.start <= 3);
    if (jump >= 0.6 * g.distance && !atFlatEnd) {
      gradual = gradual.filter((x) => x !== g);
      return true;
    }
    return false;
  });

  let events: Event[] = [
    ...keptCuts.map((c) => ({
      start: c.frame - 1,
      end: c.frame,
      frame: c.frame,
      out: "cut" as TransitionKind,
      in: "cut" as TransitionKind,
      confidence: c.confidence,
      toFlat: flatKind(item(frames, c.frame)),
      fromFlat: flatKind(item(frames, c.frame - 1)),
      strength: c.score,
      sharpness: c.sharpness,
    })),
    ...gradual.map((g) => ({
      start: g.start,
      end: g.end,
      frame: Math.round((g.start + g.end) / 2),
      out: (g.type === "fade_in" ? "cut" : g.type) as TransitionKind,
      in: (g.type === "fade_out" ? "cut" : g.type) as TransitionKind,
      confidence: g.confidence,
      toFlat: g.type === "fade_out" ? (g.via ?? null) : null,
      fromFlat: g.type === "fade_in" ? (g.via ?? null) : null,
      strength: g.distance,
    })),
  ].sort((a, b) => a.start - b.start);

  // Into black/white and out again within a short hold: one boundary (a fade through black).
  // Two gradual transitions with (almost) nothing steady between them are one transition in two
  // movements (an iris closing then opening, a wipe through a colour).
  const maxGap = Math.round(0.5 * fps);
  const gradualEvent = (e: Event) => e.end - e.start > 1;
  const merged: Event[] = [];
  for (const ev of events) {
    const prev = merged[merged.length - 1];
    const throughFlat =
      prev &&
      prev.toFlat &&
      ev.fromFlat === prev.toFlat &&
      ev.start - prev.end <= maxHold &&
      isFlatRun(frames, prev.end, ev.start, prev.toFlat);
    const backToBack =
      prev &&
      gradualEvent(prev) &&
      gradualEvent(ev) &&
      ev.start - prev.end <= maxGap &&
      // (not when one of them is a fade from the opening black or into the closing black)
      !prev.fromFlat &&
      !ev.toFlat &&
      // …nor after a fade through black that is already complete (out and back in): a change right
      // after it belongs to the new shot, and merging would move the boundary out of the fade.
      !prev.throughFlat;
    if (prev && (throughFlat || backToBack)) {
      merged[merged.length - 1] = {
        start: prev.start,
        end: ev.end,
        frame: Math.round((prev.start + ev.end) / 2),
        out: prev.out === "cut" && prev.end - prev.start > 1 ? "fade_out" : prev.out,
        in: ev.in === "cut" && ev.end - ev.start > 1 ? "fade_in" : ev.in,
        confidence: Math.max(prev.confidence, ev.confidence),
        toFlat: ev.toFlat,
        fromFlat: prev.fromFlat,
        strength: Math.max(prev.strength, ev.strength),
        throughFlat: !!throughFlat,
      };
      continue;
    }
    merged.push(ev);
  }
  events = merged;

  // The video opening from black / closing to black is not a boundary between two shots — unless
  // a hard cut leads into (or out of) a black that lasts longer than a hold: then the black is a
  // shot of its own (a fractal cut to black for the last seconds must not leave a shot whose
  // keyframe is black).
  const hardCut = (e: Event) => e.end - e.start <= 1 && e.out === "cut" && e.in === "cut";
  if (events.length && item(events, 0).fromFlat && isFlatRun(frames, 0, item(events, 0).start, item(events, 0).fromFlat) && !(hardCut(item(events, 0)) && item(events, 0).start + 1 > maxHold)) {
    opensWith = item(events, 0).in === "cut" ? "start" : item(events, 0).in;
    events.shift();
  }
  const last = events[events.length - 1];
  if (last && last.toFlat && isFlatRun(frames, last.end, n - 1, last.toFlat) && !(hardCut(last) && n - last.end > maxHold)) {
    closesWith = last.out === "cut" ? "end" : last.out;
    events.pop();
  }

  // No shot shorter than minShot: of two close boundaries the stronger stays; none right at the
  // very start or end of the video. A cut whose change carries on in the frames around it (jump
  // under twice that change) counts for less: of a cut and, a few frames on, a big object swinging
  // into the new shot, the cut is the one that stands alone (Sintel's fall, bench/shots real film).
  const rank = (e: Event) => e.confidence * e.strength * (e.sharpness === undefined ? 1 : Math.min(1, e.sharpness / 2));
  const byStrength = [...events].sort((a, b) => rank(b) - rank(a));
  const kept: Event[] = [];
  for (const ev of byStrength) {
    if (ev.frame < minShot || n - ev.frame < minShot) continue;
    if (kept.some((k) => Math.abs(k.frame - ev.frame) < minShot)) continue;
    kept.push(ev);
  }
  kept.sort((a, b) => a.frame - b.frame);
  return {
    boundaries: kept.map((e) => ({
      frame: e.frame,
      startFrame: e.start,
      endFrame: e.end,
      out: e.out,
      in: e.in,
      confidence: Math.round(e.confidence * 100) / 100,
    })),
    opensWith,
    closesWith,
  };
}

/** Shot boundaries → shots, with keyframe, brightness, motion and dominant colour. */
export function detectShots(frames: ShotFrame[], opts: DetectShotsOptions): Shot[] {
  const n = frames.length;
  const duration = opts.duration > 0 ? opts.duration : n ? item(frames, n - 1).time + 1 / (opts.fps || 30) : 0;
  if (!n) return duration > 0 ? [emptyShot(duration)] : [];
  const { boundaries, opensWith, closesWith } = detectBoundaries(frames, opts);
  const timeOf = (b: Boundary) =>
    b.out === "cut" && b.in === "cut" && b.endFrame - b.startFrame <= 1
      ? item(frames, b.frame).time
      : (item(frames, b.startFrame).time + item(frames, Math.min(n - 1, b.endFrame)).time) / 2;
  const shots: Shot[] = [];
  for (let i = 0; i <= boundaries.length; i++) {
    const bIn = boundaries[i - 1];
    const bOut = boundaries[i];
    const start = bIn ? timeOf(bIn) : 0;
    const end = bOut ? timeOf(bOut) : duration;
    // Frames that belong to this shot alone (outside the transitions).
    const from = bIn ? Math.min(n - 1, bIn.endFrame) : 0;
    const to = bOut ? Math.max(from, bOut.startFrame) : n - 1;
    const stats = shotStats(frames, from, to);
    shots.push({
      index: i,
      start: round3(start),
      end: round3(Math.max(start, end)),
      startsWith: bIn ? bIn.in : opensWith,
      endsWith: bOut ? bOut.out : closesWith,
      ...(bIn
        ? {
            transitionIn: {
              type: bIn.in,
              start: round3(bIn.out === "cut" && bIn.in === "cut" && bIn.endFrame - bIn.startFrame <= 1 ? item(frames, bIn.frame).time : item(frames, bIn.startFrame).time),
              end: round3(item(frames, Math.min(n - 1, bIn.endFrame)).time),
              confidence: bIn.confidence,
            },
          }
        : {}),
      ...stats,
    });
  }
  return shots;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

function emptyShot(duration: number): Shot {
  return { index: 0, start: 0, end: duration, startsWith: "start", endsWith: "end", keyframeTime: 0, meanLuma: 0, motion: 0 };
}

function shotStats(frames: ShotFrame[], from: number, to: number): Pick<Shot, "keyframeTime" | "meanLuma" | "motion" | "dominantColor"> {
  const count = to - from + 1;
  const step = Math.max(1, Math.floor(count / 240));
  const cells = item(frames, from).grid.length;
  const mean = new Float64Array(cells);
  let luma = 0;
  let motion = 0;
  let motionCount = 0;
  let samples = 0;
  // Dominant colour: 4×4×4 histogram over block colours, then the mean colour of the top bin.
  const binCount = new Float64Array(64);
  const binSum = new Float64Array(64 * 3);
  for (let i = from; i <= to; i += step) {
    const f = item(frames, i);
    samples++;
    luma += f.meanLuma;
    for (let c = 0; c < cells; c++) mean[c] = (mean[c] ?? 0) + (f.grid[c] ?? 0);
    for (let c = 0; c < cells; c += 3) {
      const r = f.grid[c] ?? 0, g = f.grid[c + 1] ?? 0, b = f.grid[c + 2] ?? 0;
      const bin = ((r >> 6) << 4) | ((g >> 6) << 2) | (b >> 6);
      binCount[bin] = (binCount[bin] ?? 0) + 1;
      binSum[bin * 3] = (binSum[bin * 3] ?? 0) + r;
      binSum[bin * 3 + 1] = (binSum[bin * 3 + 1] ?? 0) + g;
      binSum[bin * 3 + 2] = (binSum[bin * 3 + 2] ?? 0) + b;
    }
  }
  for (let i = Math.max(from + 1, 1); i <= to; i++) {
    // Duplicated frames (frame-rate conversion) say nothing about motion.
    if (item(frames, i).diffPrev < 0.0025 && item(frames, i).diffPrev >= 0) {
      if (i + 1 <= to && item(frames, i + 1).diffPrev >= 0.0025) continue;
    }
    motion += item(frames, i).diffPrev;
    motionCount++;
  }
  for (let c = 0; c < cells; c++) mean[c] = (mean[c] ?? 0) / samples;
  // Keyframe: the sampled frame closest to the shot's average picture, preferring sharp ones.
  let best = from;
  let bestScore = Infinity;
  for (let i = from; i <= to; i += step) {
    const g = item(frames, i).grid;
    let d = 0;
    for (let c = 0; c < cells; c++) d += Math.abs((g[c] ?? 0) - (mean[c] ?? 0));
    const score = d / (cells * 255) - 0.5 * (item(frames, i).edgeEnergy ?? 0);
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  }
  let top = 0;
  for (let b = 1; b < 64; b++) if ((binCount[b] ?? 0) > (binCount[top] ?? 0)) top = b;
  const hex = (v: number) => Math.round(v).toString(16).padStart(2, "0");
  const k = binCount[top] || 1;
  const avgMotion = motionCount ? motion / motionCount : 0;
  return {
    keyframeTime: round3(item(frames, best).time),
    meanLuma: Math.round((luma / samples) * 1000) / 1000,
    motion: Math.round((1 - Math.exp(-avgMotion / 0.04)) * 1000) / 1000,
    dominantColor: `#${hex((binSum[top * 3] ?? 0) / k)}${hex((binSum[top * 3 + 1] ?? 0) / k)}${hex((binSum[top * 3 + 2] ?? 0) / k)}`,
  };
}
