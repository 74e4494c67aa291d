// One ffmpeg decode pass → small RGB frames streamed into Node → cheap per-frame features.
//
// Why this shape:
// - ffmpeg does the expensive part (decode + area downscale to e.g. 64×36 + yuv→rgb at the small
//   size) in one process; Node only touches ~2.3 k pixels per frame, so the pass runs close to the
//   speed of a plain decode. Other modules can hook `onFrame` to compute their own per-frame things
//   from the same pass instead of decoding again.
// - Frame times come from the frame pts, read from a `showinfo` placed *after* the downscale (its
//   per-frame checksum then costs nothing), with `-fps_mode passthrough` so ffmpeg neither
//   duplicates nor drops frames: variable-frame-rate files get their real times. ffmpeg shifts
//   timestamps by the container start time, so times start where players start (0 for an MPEG-TS
//   whose first pts is 1.4 s). A frame without a showinfo line (odd builds) continues the
//   timeline at the nominal rate.
import { spawn } from "node:child_process";
import { ffmpegPath, ffprobePath, MediaToolError, runTool } from "./ffmpeg";

/** Block grid kept per frame for multi-frame comparisons (RGB block means). */
export const GRID_W = 16;
export const GRID_H = 9;
/** Joint RGB histogram with 4 levels per channel. */
export const HIST_BINS = 64;

export interface FrameFeatures {
  index: number;
  /** Presentation time in seconds from the start of the file. */
  time: number;
  /** Mean luma (BT.601), 0..1. */
  meanLuma: number;
  /** Standard deviation of luma over the frame, 0..1. */
  lumaStd: number;
  /** Mean |Δluma| against the previous decoded frame at analysis size, 0..1 (0 for the first frame). */
  diffPrev: number;
  /** Mean |Δ| of the luma gradient magnitude against the previous frame, 0..1: edges appearing/vanishing. */
  edgeDiffPrev: number;
  /** Mean luma gradient magnitude (sharpness/texture), 0..1. */
  edgeEnergy: number;
  /** Global motion against the previous frame: best integer shift of the half-size luma (pixels at half analysis size). */
  motionX: number;
  motionY: number;
  /** Mean |Δluma| against the previous frame after compensating that shift (centre region, half size), 0..1. */
  mcDiff: number;
  /** Mean |Δluma| of the same region without compensation, 0..1 (mcDiff/rawDiff ≪ 1 → camera motion). */
  rawDiff: number;
  /**
   * 4×4×4 joint RGB histogram (index r<<4 | g<<2 | b over bin numbers), soft-binned: each pixel
   * spreads over the two nearest levels per channel, so a gradual brightness change moves mass
   * smoothly instead of in jumps at bin edges. Sums to the pixel count.
   */
  hist: Float32Array;
  /** GRID_W×GRID_H RGB block means, row-major, 3 bytes per cell. */
  grid: Uint8Array;
}

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
  signal?: AbortSignal;
}

export interface DecodedFrames {
  /** Nominal frame rate (avg_frame_rate, else r_frame_rate, else from frame times). */
  fps: number;
  /** Source frame size. */
  width: number;
  height: number;
  /** Container duration in seconds (falls back to the last frame's end). */
  duration: number;
  analysisWidth: number;
  analysisHeight: number;
  frames: FrameFeatures[];
  frameCount: number;
}

interface StreamProbe {
  fps: number;
  width: number;
  height: number;
  duration: number;
}

function parseRate(r: unknown): number {
  if (typeof r !== "string" || !r) return 0;
  const [n, d] = r.split("/").map(Number);
  const v = d ? n / d : n;
  return Number.isFinite(v) && v > 0 && v < 1000 ? v : 0;
}

async function probeStream(file: string, signal?: AbortSignal): Promise<StreamProbe> {
  const { stdout } = await runTool(
    ffprobePath(),
    [
      "-v", "error", "-select_streams", "V", "-print_format", "json",
      "-show_entries", "stream=width,height,avg_frame_rate,r_frame_rate,duration:stream_disposition=attached_pic:format=duration",
      file,
    ],
    { signal },
  );
  const info = JSON.parse(stdout.toString()) as {
    streams?: (Record<string, string | number | undefined> & { disposition?: { attached_pic?: number } })[];
    format?: { duration?: string };
  };
  // Cover art is a "video" stream of one picture: "V" skips it, and so does this.
  const s = info.streams?.find((x) => !x.disposition?.attached_pic);
  if (!s) throw new MediaToolError("File has no video stream");
  return {
    fps: parseRate(s.avg_frame_rate) || parseRate(s.r_frame_rate),
    width: Number(s.width) || 0,
    height: Number(s.height) || 0,
    duration: Number(info.format?.duration ?? s.duration) || 0,
  };
}

function decodeArgs(file: string, w: number, h: number, opts: DecodeFrameOptions, fpsModeFlag: string): string[] {
  const args = ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "info"];
  if (opts.threads) args.push("-threads", String(opts.threads));
  if (!opts.exactDecode) args.push("-skip_loop_filter", "noref");
  // "V": video streams that are not cover art / attached pictures.
  args.push("-i", file, "-map", "0:V:0", "-an", "-sn", "-dn");
  if (opts.maxSeconds) args.push("-t", String(opts.maxSeconds));
  // `format` right after `scale` lets one swscale pass resize and convert at the small size.
  args.push("-vf", `scale=${w}:${h}:flags=area,format=rgb24,showinfo`);
  args.push(fpsModeFlag, "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1");
  return args;
}

/** Features of a stream of small RGB frames (the decode pass uses it; so can tests and other sources). */
export function createFeatureExtractor(width: number, height: number): { extract(rgb: Uint8Array, index: number, time: number): FrameFeatures } {
  return new FeatureExtractor(width, height);
}

/** Computes the features of one small RGB frame; `prevLuma`/`prevEdge` hold the previous frame's planes. */
class FeatureExtractor {
  private luma: Uint8Array;
  private prevLuma: Uint8Array;
  private edge: Uint8Array;
  private prevEdge: Uint8Array;
  private hasPrev = false;
  private readonly cellOf: Uint16Array;
  private readonly cellCount: Uint16Array;
  private readonly sums = new Uint32Array(GRID_W * GRID_H * 3);
  /** Per channel value: lower histogram level (0..3) and the weight of the level above. */
  private readonly binLo = new Uint8Array(256);
  private readonly binW = new Float32Array(256);
  private readonly hw: number;
  private readonly hh: number;
  private half: Uint8Array;
  private prevHalf: Uint8Array;

  constructor(readonly w: number, readonly h: number) {
    const n = w * h;
    for (let v = 0; v < 256; v++) {
      // Level centres at 32, 96, 160, 224.
      const pos = Math.min(3, Math.max(0, (v - 32) / 64));
      const lo = Math.min(2, Math.floor(pos));
      this.binLo[v] = lo;
      this.binW[v] = pos - lo;
    }
    this.hw = w >> 1;
    this.hh = h >> 1;
    this.half = new Uint8Array(this.hw * this.hh);
    this.prevHalf = new Uint8Array(this.hw * this.hh);
    this.luma = new Uint8Array(n);
    this.prevLuma = new Uint8Array(n);
    this.edge = new Uint8Array(n);
    this.prevEdge = new Uint8Array(n);
    this.cellOf = new Uint16Array(n);
    this.cellCount = new Uint16Array(GRID_W * GRID_H);
    for (let y = 0; y < h; y++) {
      const gy = Math.min(GRID_H - 1, Math.floor((y * GRID_H) / h));
      for (let x = 0; x < w; x++) {
        const c = gy * GRID_W + Math.min(GRID_W - 1, Math.floor((x * GRID_W) / w));
        this.cellOf[y * w + x] = c;
        this.cellCount[c]++;
      }
    }
  }

  extract(rgb: Uint8Array, index: number, time: number): FrameFeatures {
    const { w, h, luma, edge, cellOf, sums } = this;
    const n = w * h;
    const hist = new Float32Array(HIST_BINS);
    const { binLo, binW } = this;
    sums.fill(0);
    let sum = 0;
    let sumSq = 0;
    for (let i = 0, p = 0; i < n; i++, p += 3) {
      const r = rgb[p], g = rgb[p + 1], b = rgb[p + 2];
      const y = (77 * r + 150 * g + 29 * b + 128) >> 8;
      luma[i] = y;
      sum += y;
      sumSq += y * y;
      const r0 = binLo[r], g0 = binLo[g], b0 = binLo[b];
      const rw = binW[r], gw = binW[g], bw = binW[b];
      const r1 = r0 < 3 ? r0 + 1 : 3, g1 = g0 < 3 ? g0 + 1 : 3, b1 = b0 < 3 ? b0 + 1 : 3;
      const rA = 1 - rw, gA = 1 - gw, bA = 1 - bw;
      hist[(r0 << 4) | (g0 << 2) | b0] += rA * gA * bA;
      hist[(r0 << 4) | (g0 << 2) | b1] += rA * gA * bw;
      hist[(r0 << 4) | (g1 << 2) | b0] += rA * gw * bA;
      hist[(r0 << 4) | (g1 << 2) | b1] += rA * gw * bw;
      hist[(r1 << 4) | (g0 << 2) | b0] += rw * gA * bA;
      hist[(r1 << 4) | (g0 << 2) | b1] += rw * gA * bw;
      hist[(r1 << 4) | (g1 << 2) | b0] += rw * gw * bA;
      hist[(r1 << 4) | (g1 << 2) | b1] += rw * gw * bw;
      const c = cellOf[i] * 3;
      sums[c] += r;
      sums[c + 1] += g;
      sums[c + 2] += b;
    }
    // Gradient magnitude (|dx|+|dy|, forward differences), clamped to a byte.
    let edgeSum = 0;
    for (let y = 0; y < h; y++) {
      const row = y * w;
      const down = y + 1 < h ? w : 0;
      for (let x = 0; x < w; x++) {
        const i = row + x;
        const right = x + 1 < w ? 1 : 0;
        const m = Math.abs(luma[i + right] - luma[i]) + Math.abs(luma[i + down] - luma[i]);
        const e = m > 255 ? 255 : m;
        edge[i] = e;
        edgeSum += e;
      }
    }
    let diff = 0;
    let edgeDiff = 0;
    if (this.hasPrev) {
      const pl = this.prevLuma;
      const pe = this.prevEdge;
      for (let i = 0; i < n; i++) {
        diff += Math.abs(luma[i] - pl[i]);
        edgeDiff += Math.abs(edge[i] - pe[i]);
      }
    }
    const motion = this.hasPrev ? this.globalMotion() : { x: 0, y: 0, mc: 0, raw: 0 };
    const grid = new Uint8Array(GRID_W * GRID_H * 3);
    for (let c = 0; c < GRID_W * GRID_H; c++) {
      const k = this.cellCount[c] || 1;
      grid[c * 3] = Math.round(sums[c * 3] / k);
      grid[c * 3 + 1] = Math.round(sums[c * 3 + 1] / k);
      grid[c * 3 + 2] = Math.round(sums[c * 3 + 2] / k);
    }
    const mean = sum / n;
    const features: FrameFeatures = {
      index,
      time,
      meanLuma: mean / 255,
      lumaStd: Math.sqrt(Math.max(0, sumSq / n - mean * mean)) / 255,
      diffPrev: this.hasPrev ? diff / (n * 255) : 0,
      edgeDiffPrev: this.hasPrev ? edgeDiff / (n * 255) : 0,
      edgeEnergy: edgeSum / (n * 255),
      motionX: motion.x,
      motionY: motion.y,
      mcDiff: motion.mc,
      rawDiff: motion.raw,
      hist,
      grid,
    };
    this.swap();
    return features;
  }

  /**
   * Best integer shift (±4 px horizontally, ±3 vertically at half size) between this frame's and the
   * previous frame's half-size luma, compared on a fixed centre region so every shift sees the same
   * pixels. About 60 × 300 absolute differences per frame.
   */
  private globalMotion(): { x: number; y: number; mc: number; raw: number } {
    const { w, hw, hh, luma } = this;
    const half = this.half;
    for (let y = 0; y < hh; y++) {
      for (let x = 0; x < hw; x++) {
        const i = 2 * y * w + 2 * x;
        half[y * hw + x] = (luma[i] + luma[i + 1] + luma[i + w] + luma[i + w + 1] + 2) >> 2;
      }
    }
    const prev = this.prevHalf;
    const mx = 4;
    const my = 3;
    if (hw <= 2 * mx + 2 || hh <= 2 * my + 2) return { x: 0, y: 0, mc: 0, raw: 0 };
    const count = (hw - 2 * mx) * (hh - 2 * my);
    const sadAt = (dx: number, dy: number, limit: number) => {
      let sad = 0;
      for (let y = my; y < hh - my && sad < limit; y++) {
        const row = y * hw;
        const prow = (y - dy) * hw - dx;
        for (let x = mx; x < hw - mx; x++) sad += Math.abs(half[row + x] - prev[prow + x]);
      }
      return sad;
    };
    const raw = sadAt(0, 0, Infinity);
    // A shift must beat "no motion" clearly (flat or noisy content would pick random shifts).
    let best = raw * 0.97;
    let bx = 0;
    let by = 0;
    for (let dy = -my; dy <= my; dy++) {
      for (let dx = -mx; dx <= mx; dx++) {
        if (dx === 0 && dy === 0) continue;
        const sad = sadAt(dx, dy, best);
        if (sad < best) {
          best = sad;
          bx = dx;
          by = dy;
        }
      }
    }
    if (bx === 0 && by === 0) best = raw;
    return { x: bx, y: by, mc: best / (count * 255), raw: raw / (count * 255) };
  }

  /** After extract: keep this frame's planes as "previous"; `luma`/`edge` are rewritten next time. */
  private swap() {
    const l = this.prevLuma;
    this.prevLuma = this.luma;
    this.luma = l;
    const e = this.prevEdge;
    this.prevEdge = this.edge;
    this.edge = e;
    const hf = this.prevHalf;
    this.prevHalf = this.half;
    this.half = hf;
    this.hasPrev = true;
  }

  /** Luma of the frame last passed to extract (valid until the next extract). */
  get lastLuma(): Uint8Array {
    return this.prevLuma;
  }
}

const SHOWINFO_RE = /\bn:\s*(\d+)\s+pts:\s*(-?\d+)\s+pts_time:\s*(-?[\d.e+-]+)/;

function runDecode(
  file: string,
  w: number,
  h: number,
  opts: DecodeFrameOptions,
  fpsModeFlag: string,
  probing: Promise<StreamProbe>,
): Promise<{ frames: FrameFeatures[]; count: number }> {
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

    const emit = (rgb: Uint8Array, time: number) => {
      // Guard against non-monotonic pts (broken files): times never go backwards.
      if (!(time > lastTime)) time = lastTime === -Infinity ? 0 : lastTime + 1 / nominalFps();
      lastTime = time;
      const index = nextIndex++;
      const features = extractor.extract(rgb, index, time);
      if (keep) frames.push(features);
      if (opts.onFrame) {
        opts.onFrame({ index, time, width: w, height: h, rgb, luma: extractor.lastLuma }, features);
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
      signal: opts.signal,
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
      resolve({ frames, count: nextIndex });
    });
  });
}

/**
 * Decodes the first video stream once at full frame rate, downscaled in ffmpeg, and returns
 * per-frame features (and streams every small frame to `onFrame`).
 */
export async function decodeFrameFeatures(file: string, opts: DecodeFrameOptions = {}): Promise<DecodedFrames> {
  const w = opts.width ?? 64;
  const h = opts.height ?? 36;
  const probing = probeStream(file, opts.signal);
  probing.catch(() => undefined);
  let result: { frames: FrameFeatures[]; count: number };
  try {
    result = await runDecode(file, w, h, opts, "-fps_mode", probing);
  } catch (err) {
    // ffmpeg < 5.1 has no -fps_mode; -vsync is the older spelling of the same thing.
    const stderr = (err as { stderr?: string }).stderr ?? "";
    if (!/Unrecognized option 'fps_mode'/.test(stderr)) throw err;
    result = await runDecode(file, w, h, opts, "-vsync", probing);
  }
  const p = await probing;
  const frames = result.frames;
  let fps = p.fps;
  if (!fps && frames.length > 1) fps = (frames.length - 1) / (frames[frames.length - 1].time - frames[0].time || 1);
  const lastEnd = frames.length ? frames[frames.length - 1].time + 1 / (fps || 30) : 0;
  return {
    fps,
    width: p.width,
    height: p.height,
    duration: p.duration || lastEnd,
    analysisWidth: w,
    analysisHeight: h,
    frames,
    frameCount: result.count,
  };
}

const RECORD_BYTES = 8 + 9 * 4 + HIST_BINS * 4 + GRID_W * GRID_H * 3;

/** Packs features into one buffer (for caching the decode pass as an artefact). */
export function serializeFrameFeatures(frames: FrameFeatures[]): Buffer {
  const buf = Buffer.alloc(4 + frames.length * RECORD_BYTES);
  buf.writeUInt32LE(frames.length, 0);
  let o = 4;
  for (const f of frames) {
    buf.writeDoubleLE(f.time, o);
    buf.writeFloatLE(f.meanLuma, o + 8);
    buf.writeFloatLE(f.lumaStd, o + 12);
    buf.writeFloatLE(f.diffPrev, o + 16);
    buf.writeFloatLE(f.edgeDiffPrev, o + 20);
    buf.writeFloatLE(f.edgeEnergy, o + 24);
    buf.writeFloatLE(f.motionX, o + 28);
    buf.writeFloatLE(f.motionY, o + 32);
    buf.writeFloatLE(f.mcDiff, o + 36);
    buf.writeFloatLE(f.rawDiff, o + 40);
    o += 44;
    for (let k = 0; k < HIST_BINS; k++, o += 4) buf.writeFloatLE(f.hist[k], o);
    buf.set(f.grid, o);
    o += f.grid.length;
  }
  return buf;
}

export function deserializeFrameFeatures(buf: Buffer): FrameFeatures[] {
  const n = buf.readUInt32LE(0);
  const frames: FrameFeatures[] = new Array(n);
  let o = 4;
  for (let i = 0; i < n; i++) {
    const time = buf.readDoubleLE(o);
    const meanLuma = buf.readFloatLE(o + 8);
    const lumaStd = buf.readFloatLE(o + 12);
    const diffPrev = buf.readFloatLE(o + 16);
    const edgeDiffPrev = buf.readFloatLE(o + 20);
    const edgeEnergy = buf.readFloatLE(o + 24);
    const motionX = buf.readFloatLE(o + 28);
    const motionY = buf.readFloatLE(o + 32);
    const mcDiff = buf.readFloatLE(o + 36);
    const rawDiff = buf.readFloatLE(o + 40);
    o += 44;
    const hist = new Float32Array(HIST_BINS);
    for (let k = 0; k < HIST_BINS; k++, o += 4) hist[k] = buf.readFloatLE(o);
    const grid = new Uint8Array(buf.subarray(o, o + GRID_W * GRID_H * 3));
    o += GRID_W * GRID_H * 3;
    frames[i] = { index: i, time, meanLuma, lumaStd, diffPrev, edgeDiffPrev, edgeEnergy, motionX, motionY, mcDiff, rawDiff, hist, grid };
  }
  return frames;
}
