// The ffmpeg side of the decode pass: spawns ffmpeg (decode + downscale + rgb24 in one process),
// cuts stdout into raw frames, pairs each with its pts time and hands it to the feature extractor.
//
// Frame times come from the frame pts, read from a `showinfo` placed *after* the downscale (its
// per-frame checksum then costs nothing), with `-fps_mode passthrough` so ffmpeg neither
// duplicates nor drops frames: variable-frame-rate files get their real times. ffmpeg shifts
// timestamps by the container start time, so times start where players start (0 for an MPEG-TS
// whose first pts is 1.4 s). A frame without a showinfo line (odd builds) continues the
// timeline at the nominal rate.
import { spawn } from "node:child_process";
import { FeatureExtractor } from "./feature-extractor";
import { ffmpegPath, MediaToolError } from "./ffmpeg";
import type { FrameFeatures } from "./frame-features";
import type { StreamProbe } from "./stream-probe";
import { runSignal } from "@/lib/core/run-context";
import { type StillsOptions, stillsFilter, stillsOutputArgs, SmallStillKeeper, type Still, STILL_SHOWINFO_PREFIX, stillFile } from "./decode-stills";

export interface RawFrame {
  index: number;
  time: number;
  width: number;
  height: number;
  /** Packed rgb24, width*height*3 bytes. Reused after the callback returns: copy what you keep. */
  rgb: Uint8Array;
  /** BT.601 luma, width*height bytes. Reused like `rgb`. */
  luma: Uint8Array;
}

export interface DecodeFrameOptions {
  /** Analysis size (default 64×36; aspect is not preserved — features don't need it). */
  width?: number;
  height?: number;
  /** ffmpeg decoder threads (default: ffmpeg's automatic choice). */
  threads?: number;
  /**
   * Decode every frame exactly as a player would. By default the H.264/HEVC deblocking filter is
   * skipped on non-reference frames only (`-skip_loop_filter noref`): nothing predicts from those
   * frames, so no error propagates, the 64×36 features differ by < 0.1 grey level, and decoding
   * costs ~5 % less CPU.
   */
  exactDecode?: boolean;
  /** Called for every frame, in order, with the small RGB frame and its features. */
  onFrame?: (frame: RawFrame, features: FrameFeatures) => void;
  /** Keep features in the result (default true); false when onFrame consumes them (long files). */
  keepFeatures?: boolean;
  /** Stop after this many seconds of video. */
  maxSeconds?: number;
  /** Also write a JPEG every `interval` seconds from the same decode (keyframes, thumbnail, storyboard). */
  stills?: StillsOptions;
  /**
   * With `stills`: called as each still is picked (in order, with its small frame), before ffmpeg has
   * necessarily written it; its file exists once complete (stills are written atomically).
   */
  onStill?: (still: Still) => void;
  /** Called with the time (seconds) of the latest decoded frame, at most a few times a second. */
  onTime?: (seconds: number) => void;
  /**
   * Decode only [start, end) of the file (a chunk of a long video, lib/pipeline/chunks): ffmpeg
   * seeks the input to `start` (a keyframe) and stops before `end`; times stay on the file's clock.
   */
  range?: { start: number; end: number };
  signal?: AbortSignal;
}

/** Where a ranged decode seeks: a hair before its keyframe, so rounding never drops that frame. */
export function rangeSeek(range: { start: number; end: number } | undefined): number {
  return range && range.start > 0 ? Math.max(0, range.start - 0.0005) : 0;
}

function decodeArgs(file: string, w: number, h: number, opts: DecodeFrameOptions, fpsModeFlag: string): string[] {
  const args = ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "info"];
  if (opts.threads) args.push("-threads", String(opts.threads));
  if (!opts.exactDecode) args.push("-skip_loop_filter", "noref");
  if (opts.range) {
    // Input seeking: only the range is read and decoded; a frame at `end` belongs to the next range.
    // -copyts: frame times are the file's own (a seek point off the stream's time base would
    // shift them by a rounding); the range's files start at 0 (chunks/plan.ts checks).
    const seek = rangeSeek(opts.range);
    args.push("-ss", seek.toFixed(6), "-t", Math.max(0.001, opts.range.end - seek - 0.001).toFixed(6), "-copyts");
  }
  args.push("-i", file);
  const limit = opts.maxSeconds ? ["-t", String(opts.maxSeconds)] : [];
  // `format` right after `scale` lets one swscale pass resize and convert at the small size.
  const small = `scale=${w}:${h}:flags=area,format=rgb24,showinfo`;
  if (opts.stills) {
    // One decode, two branches: every frame small for the features, a JPEG now and then for stills.
    args.push("-filter_complex", `[0:V:0]split=2[feat][still];[feat]${small}[f];[still]${stillsFilter(opts.stills)}[s]`);
    args.push("-map", "[f]", ...limit, fpsModeFlag, "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1");
    args.push("-map", "[s]", ...limit, fpsModeFlag, "passthrough", ...stillsOutputArgs(opts.stills));
    return args;
  }
  // "V": video streams that are not cover art / attached pictures.
  args.push("-map", "0:V:0", "-an", "-sn", "-dn", ...limit, "-vf", small);
  args.push(fpsModeFlag, "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1");
  return args;
}

const SHOWINFO_RE = /\bn:\s*(\d+)\s+pts:\s*(-?\d+)\s+pts_time:\s*(-?[\d.e+-]+)/;

/**
 * One ffmpeg run over `file` at w×h: features of every frame in order (kept unless
 * `keepFeatures` is false) and the frame count. `probing` supplies the nominal rate for frames
 * without a pts; `fpsModeFlag` is "-fps_mode" or, for ffmpeg < 5.1, "-vsync".
 */
export function runDecode(
  file: string,
  w: number,
  h: number,
  opts: DecodeFrameOptions,
  fpsModeFlag: string,
  probing: Promise<StreamProbe>,
): Promise<{ frames: FrameFeatures[]; count: number; stills: Still[] }> {
  return new Promise((resolve, reject) => {
    // The decode starts while ffprobe runs; frames wait in `waiting` until the probe (start time)
    // is known — a few frames at most.
    let probe: StreamProbe | null = null;
    const nominalFps = () => probe?.fps || 30;
    const frameBytes = w * h * 3;
    const keep = opts.keepFeatures !== false;
    const frames: FrameFeatures[] = [];
    const extractor = new FeatureExtractor(w, h);
    const ptsTimes: number[] = [];
    // Frames whose showinfo line has not arrived yet (stdout and stderr are separate pipes).
    const waiting: Uint8Array[] = [];
    let nextIndex = 0;
    let stage = new Uint8Array(frameBytes);
    let staged = 0;
    let stderrTail = "";
    let lineBuf = "";
    let failed: Error | null = null;
    let lastTime = -Infinity;
    const stillTimes: number[] = [];
    const smalls = opts.stills ? new SmallStillKeeper(opts.stills.interval) : null;
    let reported = 0;

    const emit = (rgb: Uint8Array, time: number) => {
      // Guard against non-monotonic pts (broken files): times never go backwards.
      if (!(time > lastTime)) time = lastTime === -Infinity ? 0 : lastTime + 1 / nominalFps();
      lastTime = time;
      const index = nextIndex++;
      const features = extractor.extract(rgb, index, time);
      if (keep) frames.push(features);
      const still = smalls ? smalls.offer(time, rgb) : -1;
      if (opts.onTime && (index & 31) === 0) {
        const now = Date.now();
        if (now - reported > 250) {
          reported = now;
          opts.onTime(time);
        }
      }
      if (opts.onFrame) {
        opts.onFrame({ index, time, width: w, height: h, rgb, luma: extractor.lastLuma }, features);
      }
      if (still >= 0 && opts.onStill && opts.stills) {
        opts.onStill({ index: still, time, file: stillFile(opts.stills.dir, still), small: smalls!.smallAt(still) });
      }
    };
    const timeOf = (i: number): number | undefined => {
      const t = ptsTimes[i];
      // ffmpeg already shifts input timestamps by the container start time (no -copyts).
      return t === undefined || !probe ? undefined : t;
    };
    const drain = () => {
      while (waiting.length && timeOf(nextIndex) !== undefined) emit(waiting.shift()!, timeOf(nextIndex)!);
    };
    const onFrameBytes = (rgb: Uint8Array, copy: boolean) => {
      if (failed) return;
      try {
        const t = waiting.length ? undefined : timeOf(nextIndex);
        if (t !== undefined) emit(rgb, t);
        else waiting.push(copy ? rgb.slice() : rgb);
      } catch (e) {
        failed = e as Error;
        child.kill("SIGKILL");
      }
    };

    const child = spawn(ffmpegPath(), decodeArgs(file, w, h, opts, fpsModeFlag), {
      stdio: ["ignore", "pipe", "pipe"],
      signal: runSignal(opts.signal),
    });
    probing.then(
      (p) => {
        probe = p;
        try {
          drain();
        } catch (e) {
          failed = e as Error;
          child.kill("SIGKILL");
        }
      },
      (e) => {
        failed = e as Error;
        child.kill("SIGKILL");
      },
    );
    child.stdout.on("data", (chunk: Buffer) => {
      let off = 0;
      if (staged > 0) {
        const take = Math.min(frameBytes - staged, chunk.length);
        stage.set(chunk.subarray(0, take), staged);
        staged += take;
        off = take;
        if (staged === frameBytes) {
          onFrameBytes(stage, false);
          // `stage` may now sit in `waiting`: never write into it again.
          stage = new Uint8Array(frameBytes);
          staged = 0;
        }
      }
      while (chunk.length - off >= frameBytes) {
        onFrameBytes(new Uint8Array(chunk.buffer, chunk.byteOffset + off, frameBytes), true);
        off += frameBytes;
      }
      if (off < chunk.length) {
        stage.set(chunk.subarray(off), 0);
        staged = chunk.length - off;
      }
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text: string) => {
      const lines = (lineBuf + text).split("\n");
      lineBuf = lines.pop() ?? "";
      for (const line of lines) {
        if (line.startsWith("[Parsed_showinfo")) {
          const m = line.includes("pts_time") ? SHOWINFO_RE.exec(line) : null;
          if (m) ptsTimes[Number(m[1])] = Number(m[3]);
        } else if (line.startsWith(STILL_SHOWINFO_PREFIX)) {
          const m = line.includes("pts_time") ? SHOWINFO_RE.exec(line) : null;
          if (m) stillTimes[Number(m[1])] = Number(m[3]);
        } else stderrTail = (stderrTail + line + "\n").slice(-4000);
      }
      if (waiting.length) {
        try {
          drain();
        } catch (e) {
          failed = e as Error;
          child.kill("SIGKILL");
        }
      }
    });
    child.on("error", (e) => {
      reject(new MediaToolError((e as NodeJS.ErrnoException).code === "ENOENT" ? `${ffmpegPath()} is not installed` : e.message));
    });
    child.on("close", async (code) => {
      if (failed) return reject(failed);
      if (!probe) {
        try {
          probe = await probing;
        } catch (e) {
          return reject(e);
        }
      }
      if (code !== 0) {
        const err = new MediaToolError(`ffmpeg exited with ${code}: ${stderrTail.trim().split("\n").slice(-3).join(" | ")}`);
        (err as MediaToolError & { stderr?: string }).stderr = stderrTail;
        return reject(err);
      }
      try {
        drain();
        // Frames without a pts line (should not happen): continue the timeline at the nominal rate.
        const step = 1 / nominalFps();
        while (waiting.length) {
          const prev = lastTime === -Infinity ? -step : lastTime;
          emit(waiting.shift()!, prev + step);
        }
      } catch (e) {
        return reject(e);
      }
      resolve({ frames, count: nextIndex, stills: opts.stills ? smalls!.pair(stillTimes, opts.stills) : [] });
    });
  });
}
