// What a run decodes once and every module shares: the source file on local disk, the low-res
// frame features of the single decode pass and the JPEG stills that same pass writes (keyframes
// for visual elements, OCR and labels, the thumbnail, the storyboard), and the audio track. Kept
// in a work directory per job so a resumed run reuses them, and memoized in memory within a process.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { ffmpegPath, runTool } from "@/lib/media/ffmpeg";
import type { MediaInfo } from "@/lib/media/probe";
import { getStorage } from "@/lib/storage";
import { decodeFrameFeatures, stillSize, type DecodedFrames, type FrameFeatures, type Still } from "@/lib/media/decode-frames";
import { nearestStill } from "@/lib/media/decode-stills";
import { KeyframeReads } from "@/lib/analysis/keyframes/pool";
import { UserFacingError } from "@/lib/core/public-error";
import { formatClock } from "@/lib/core/clock";
import { env } from "@/lib/env";

export interface DecodeHooks {
  onTime?: (seconds: number) => void;
  onFrame?: (features: FrameFeatures) => void;
  onStill?: (still: Still) => void;
}

/** Seconds between stills: every half second, sparser for long videos (at most ~2400 stills). */
export function stillInterval(duration: number): number {
  return Math.max(0.5, Math.ceil((duration / 2400) * 10) / 10);
}

/** Longer side of a still: enough for OCR and labels, and for the 640 px thumbnail. */
export const STILL_LONG_SIDE = 960;

/** The keyframe reads of the runs in this process, by work dir (at most this many kept). */
const RUN_READS = new Map<string, KeyframeReads>();
const MAX_RUN_READS = 16;

export function workDirFor(jobId: string): string {
  return path.join(env().DATA_DIR, "work", jobId);
}

/** A temporary name beside `file`, unique to this writer (renamed into place when complete). */
function partName(file: string): string {
  return `${file}.${process.pid}-${crypto.randomBytes(4).toString("hex")}.part`;
}

export class SharedMedia {
  protected memo = new Map<string, Promise<unknown>>();
  protected decoded: DecodedFrames | null = null;

  constructor(
    readonly jobId: string,
    readonly storagePath: string,
    readonly media: MediaInfo,
    readonly workDir = workDirFor(jobId),
  ) {
    fs.mkdirSync(workDir, { recursive: true });
  }

  protected once<T>(key: string, fn: () => Promise<T>): Promise<T> {
    let p = this.memo.get(key) as Promise<T> | undefined;
    if (!p) {
      p = fn().catch((err) => {
        this.memo.delete(key);
        throw err;
      });
      this.memo.set(key, p);
    }
    return p;
  }

  /** A local path of the source video (the stored file itself, or a copy from object storage). */
  sourcePath(): Promise<string> {
    return this.once("source", async () => {
      const storage = getStorage();
      if (storage.kind === "local") return storage.withLocalFile(this.storagePath, async (p) => p);
      const copy = path.join(this.workDir, `source${path.extname(this.storagePath)}`);
      if (!fs.existsSync(copy)) {
        const tmp = partName(copy);
        await storage.withLocalFile(this.storagePath, (p) => fs.promises.copyFile(p, tmp));
        await fs.promises.rename(tmp, copy);
      }
      return copy;
    });
  }

  /** The stills folder of the decode pass. */
  get stillsDir(): string {
    return path.join(this.workDir, "stills");
  }

  /**
   * The single decode pass's frame features and stills (decoded now, or loaded from this job's work
   * dir). While decoding, `hooks` hear the time reached (progress), every frame's features and every
   * still as it is picked (its file exists once written); a pass loaded from disk calls none of them.
   */
  frames(hooks: DecodeHooks = {}): Promise<DecodedFrames> {
    return this.once("frames", async () => {
      const file = path.join(this.workDir, "frames.v8");
      if (fs.existsSync(file)) {
        const stored = v8.deserialize(await fs.promises.readFile(file)) as DecodedFrames;
        return (this.decoded = { ...stored, stills: stored.stills ?? [] });
      }
      // A pass that died half-way left stills (and reads of them) behind: start clean.
      fs.rmSync(this.stillsDir, { recursive: true, force: true });
      fs.rmSync(path.join(this.workDir, "reads"), { recursive: true, force: true });
      fs.mkdirSync(this.stillsDir, { recursive: true });
      const v = this.media.video;
      const decoded = await decodeFrameFeatures(await this.sourcePath(), {
        onTime: hooks.onTime,
        onFrame: hooks.onFrame && ((_raw, features) => hooks.onFrame!(features)),
        onStill: hooks.onStill,
        stills: { dir: this.stillsDir, interval: stillInterval(this.media.duration), ...stillSize(v?.width ?? 0, v?.height ?? 0, STILL_LONG_SIDE) },
      });
      // A file that ends early declares more than it holds: the pass ends where the data does.
      if (decoded.duration > this.media.duration && this.media.duration > 0) decoded.duration = this.media.duration;
      // A temp name of its own: with Inngest, parallel steps of one run may decode side by side.
      const tmp = partName(file);
      await fs.promises.writeFile(tmp, v8.serialize(decoded));
      await fs.promises.rename(tmp, file);
      return (this.decoded = decoded);
    });
  }

  /**
   * The run's keyframe reads (OCR, labels, … outcomes per still), shared by the read-ahead beside
   * the decode pass and the visual elements module; outcomes are kept beside the stills, so a
   * resumed run or a step in another invocation reuses them.
   */
  keyframeReads(): KeyframeReads {
    // One per job in this process, so a step in another invocation (Inngest) also finds the reads
    // still under way, not only the finished ones on disk.
    let reads = RUN_READS.get(this.workDir);
    if (!reads) {
      reads = new KeyframeReads({ concurrency: 2, dir: path.join(this.workDir, "reads"), keepFor: this.stillsDir });
      RUN_READS.set(this.workDir, reads);
      // (A run that never reaches cleanup — it failed — leaves its entry; the oldest go first.)
      for (const key of RUN_READS.keys()) if (RUN_READS.size > MAX_RUN_READS) RUN_READS.delete(key);
    }
    return reads;
  }

  /** The stills of a decode pass this object already ran or loaded (empty otherwise; never decodes). */
  decodedStills(): Still[] {
    return this.decoded?.stills ?? [];
  }

  /**
   * The decode pass's still nearest to `time`; with `within` [start, end], only a still inside that
   * span (null when the span holds none, e.g. a shot shorter than the stills' interval).
   */
  async stillNear(time: number, within?: [number, number]): Promise<Still | null> {
    return nearestStill((await this.frames()).stills, time, within);
  }

  /**
   * A JPEG showing the picture at `time`: the decode pass's still when one lies within `within`
   * (or within half a stills interval of `time`), else a frame extracted by seeking (short shots).
   */
  async keyframeImage(time: number, within?: [number, number]): Promise<{ file: string; time: number; still: Still | null }> {
    const half = stillInterval(this.media.duration) / 2 + 0.02;
    const still = await this.stillNear(time, within ?? [time - half, time + half]);
    if (still && fs.existsSync(still.file)) return { file: still.file, time: still.time, still };
    const v = this.media.video;
    return { file: await this.keyframe(time, stillSize(v?.width ?? 0, v?.height ?? 0, STILL_LONG_SIDE).width), time, still: null };
  }

  /** A JPEG of the frame at `time` (seconds), at most `width` pixels wide, by seeking and decoding. */
  keyframe(time: number, width = 640): Promise<string> {
    const t = Math.max(0, Math.min(time, Math.max(0, this.media.duration - 0.05)));
    const key = `kf-${t.toFixed(3)}-${width}`;
    return this.once(key, async () => {
      const out = path.join(this.workDir, `${key}.jpg`);
      if (fs.existsSync(out)) return out;
      // Seek after -i: exact and never a garbled frame (a fast seek before -i can be).
      const src = await this.sourcePath();
      const tmpJpg = `${partName(out)}.jpg`;
      const fast = Math.max(0, t - 2);
      await runTool(ffmpegPath(), [
        "-v", "error", "-y", "-ss", fast.toFixed(3), "-i", src, "-ss", (t - fast).toFixed(3),
        "-frames:v", "1", "-vf", `scale='min(${width},iw)':-2`, "-q:v", "3", tmpJpg,
      ]);
      // ffmpeg exits 0 without writing a frame when none can be decoded at `t` (past the end of a
      // damaged file's data): the decode pass's nearest earlier still stands in, else it is said.
      if (!fs.existsSync(tmpJpg)) return this.stillBefore(t);
      await fs.promises.rename(tmpJpg, out);
      return out;
    });
  }

  /** The decode pass's last still at or before `time` (a picture when seeking found none). */
  private async stillBefore(time: number): Promise<string> {
    const stills = this.decoded?.stills ?? [];
    const before = stills.filter((s) => s.time <= time + 0.01 && fs.existsSync(s.file)).at(-1) ?? stills.find((s) => fs.existsSync(s.file));
    if (before) return before.file;
    throw new UserFacingError(`No picture could be read at ${formatClock(time, { padMinutes: false })}: the file may be damaged there`);
  }

  /** The audio as 16 kHz mono WAV, or null when the video has no audio track. */
  audioWav(): Promise<string | null> {
    return this.once("audio", async () => {
      if (!this.media.audio) return null;
      const out = path.join(this.workDir, "audio-16k.wav");
      if (fs.existsSync(out)) return out;
      const tmp = partName(out);
      await runTool(ffmpegPath(), ["-v", "error", "-y", "-i", await this.sourcePath(), "-vn", "-ac", "1", "-ar", "16000", "-f", "wav", tmp]);
      await fs.promises.rename(tmp, out);
      return out;
    });
  }

  /** The first embedded subtitle track as WebVTT text, or null when there is none. */
  subtitlesVtt(): Promise<string | null> {
    return this.once("subs", async () => {
      if (!this.media.subtitles.length) return null;
      const { stdout } = await runTool(ffmpegPath(), ["-v", "error", "-i", await this.sourcePath(), "-map", "0:s:0", "-f", "webvtt", "-"]);
      return stdout.toString("utf8");
    });
  }

  cleanup(): void {
    RUN_READS.delete(this.workDir);
    fs.rmSync(this.workDir, { recursive: true, force: true });
  }
}
