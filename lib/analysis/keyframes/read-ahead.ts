// Per-keyframe reads (OCR, labels) beside the decode pass, so visual elements finishes shortly
// after the decode instead of starting its reads then. As frames arrive, the shot detector runs
// over a trailing window every few seconds of video; a shot whose end lies well behind the decode
// head is taken as found, and the still that visual elements will pick for it (the same rule:
// the still nearest the shot's keyframe, inside the shot) is read in the run's shared keyframe
// reads as soon as ffmpeg has written it. The module later asks for the same (analyzer, still):
// done or under way, it costs nothing more. A shot the final detection draws differently is read
// by the module itself; nothing here changes what the module reports.
import { detectShots } from "@/lib/analysis/shots";
import type { FrameFeatures } from "@/lib/media/frame-features";
import { nearestStill, type Still } from "@/lib/media/decode-stills";
import type { KeyframePool } from "./pool";
import fs from "node:fs";
import { logger } from "@/lib/log/logger";

const log = logger("pipeline");

/** Seconds of new video between two detections. */
const CHECK_SECONDS = 6;
/** A shot counts as found once its end is this far behind the newest frame (detector windows look ahead). */
const LAG_SECONDS = 3;
/** Frames before the first open shot given to the detector, for its look-back windows. */
const MARGIN_SECONDS = 3;
/**
 * The longest window the detector is given: a shot longer than this (minus the margin) is left to
 * the module, so the work here stays linear in the video's length.
 */
const MAX_WINDOW_SECONDS = 90;

export interface ReadAheadOptions {
  pool: KeyframePool;
  /** The analyzers to run on each keyframe (e.g. ["ocr", "labels"]). */
  names: readonly string[];
  /** Also called with each keyframe still handed to the pool (e.g. to decode it for other modules). */
  onKeyframe?: (still: Still) => void;
  /** Reads at a time in the pool's shared reads until `finish()` (the decode pass wants the cores too). */
  concurrencyWhileDecoding?: number;
  /** Nominal frame rate (0 when unknown: estimated from the frame times). */
  fps: number;
  /** Size of the stills' small frames. */
  analysisWidth: number;
  analysisHeight: number;
}

export class KeyframeReadAhead {
  /** The frames from the next detection window's start on (older ones are dropped). */
  private frames: FrameFeatures[] = [];
  private readonly stills: Still[] = [];
  /** Whether `frames` still starts at the video's first frame. */
  private fromStart = true;
  /** End time of the last shot taken as found (the next must start there). */
  private foundUntil = 0;
  private lastCheck = 0;
  /** Keyframe stills chosen but not yet written by ffmpeg. */
  private unwritten: Still[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly submittedFiles = new Set<string>();

  private readonly concurrencyAfter: number;
  private stopped = false;

  constructor(private readonly o: ReadAheadOptions) {
    this.concurrencyAfter = o.pool.reads.concurrency;
    if (o.concurrencyWhileDecoding) o.pool.reads.concurrency = o.concurrencyWhileDecoding;
  }

  /** Keyframes handed to the pool so far. */
  get submitted(): number {
    return this.submittedFiles.size;
  }

  /** A frame of the decode pass (in order). */
  frame(f: FrameFeatures): void {
    if (this.stopped) return;
    this.frames.push(f);
    if (f.time - this.lastCheck >= CHECK_SECONDS) {
      this.lastCheck = f.time;
      this.guarded(() => this.detect(false));
    }
  }

  /** A still of the decode pass (in order; its file may not be written yet). */
  still(s: Still): void {
    if (!this.stopped) this.stills.push(s);
  }

  /** The decode pass ended (every still written): the remaining shots, the video's end as the last one's. */
  finish(): void {
    this.o.pool.reads.concurrency = this.concurrencyAfter;
    if (!this.stopped) this.guarded(() => this.detect(true));
    this.stop();
  }

  /** The decode pass failed: read nothing more (reads under way finish). */
  stop(): void {
    this.o.pool.reads.concurrency = this.concurrencyAfter;
    this.stopped = true;
    this.frames = [];
    this.unwritten = [];
  }

  /** Reading ahead only saves time: a failure here stops it, never the decode pass. */
  private guarded(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      log.warn({ err: (err as Error).message }, "keyframe read-ahead stopped");
      this.stop();
    }
  }

  /** Resolves when every read handed to the pool so far has settled. */
  async settled(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private fps(): number {
    if (this.o.fps > 0) return this.o.fps;
    const n = this.frames.length;
    return n > 1 ? (n - 1) / (this.frames[n - 1]!.time - this.frames[0]!.time || 1) : 30;
  }

  private detect(final: boolean): void {
    const retry = this.unwritten;
    this.unwritten = [];
    for (const s of retry) this.submit(s, final);
    const window = this.frames;
    if (window.length < 3) return;
    const fps = this.fps();
    const head = window[window.length - 1]!.time;
    const shots = detectShots(window, { fps, duration: final ? head + 1 / fps : 0 });
    for (const shot of shots) {
      // The window's first shot is cut off by the window (except at the very start).
      if (shot.index === 0 && !this.fromStart) continue;
      if (shot.start < this.foundUntil - 0.01) continue;
      if (!final && shot.end > head - LAG_SECONDS) break;
      if (final && shot.index === shots.length - 1 && shot.end <= shot.start) continue;
      this.foundUntil = shot.end;
      const kt = shot.keyframeTime >= shot.start && shot.keyframeTime <= shot.end ? shot.keyframeTime : (shot.start + shot.end) / 2;
      const still = nearestStill(this.stills, kt, [shot.start, shot.end]);
      if (still) this.submit(still, final);
    }
    // The next window starts a little before the first shot not yet found (and is never too long).
    const from = Math.max(this.foundUntil - MARGIN_SECONDS, head - MAX_WINDOW_SECONDS);
    let drop = 0;
    while (drop < this.frames.length - 1 && this.frames[drop + 1]!.time <= from) drop++;
    if (drop > 0) {
      this.frames = this.frames.slice(drop);
      this.fromStart = false;
    }
  }

  private submit(still: Still, final: boolean): void {
    if (this.submittedFiles.has(still.file)) return;
    if (!fs.existsSync(still.file)) {
      if (!final) this.unwritten.push(still);
      return;
    }
    this.submittedFiles.add(still.file);
    this.o.onKeyframe?.(still);
    const small = still.small ? { rgb: still.small, width: this.o.analysisWidth, height: this.o.analysisHeight } : null;
    const p = this.o.pool.analyze({ file: still.file, time: still.time, small }, this.o.names).catch(() => undefined);
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }
}
