// What a run decodes once and every module shares: the source file on local disk, the low-res
// frame features of the single decode pass, keyframe images and the audio track. Kept in a work
// directory per job so a resumed run reuses them, and memoized in memory within a process.
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { dataDir } from "@/db/client";
import { ffmpegPath, runTool } from "@/lib/media/ffmpeg";
import type { MediaInfo } from "@/lib/media/probe";
import { getStorage } from "@/lib/storage";
import { decodeFrameFeatures, type DecodedFrames } from "@/lib/media/decode-frames";

export function workDirFor(jobId: string): string {
  return path.join(dataDir(), "work", jobId);
}

export class SharedMedia {
  private memo = new Map<string, Promise<unknown>>();

  constructor(
    readonly jobId: string,
    readonly storagePath: string,
    readonly media: MediaInfo,
    readonly workDir = workDirFor(jobId),
  ) {
    fs.mkdirSync(workDir, { recursive: true });
  }

  private once<T>(key: string, fn: () => Promise<T>): Promise<T> {
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
        const tmp = `${copy}.part`;
        await storage.withLocalFile(this.storagePath, (p) => fs.promises.copyFile(p, tmp));
        await fs.promises.rename(tmp, copy);
      }
      return copy;
    });
  }

  /** The single decode pass's frame features (decoded now, or loaded from this job's work dir). */
  frames(): Promise<DecodedFrames> {
    return this.once("frames", async () => {
      const file = path.join(this.workDir, "frames.v8");
      if (fs.existsSync(file)) return v8.deserialize(await fs.promises.readFile(file)) as DecodedFrames;
      const decoded = await decodeFrameFeatures(await this.sourcePath());
      await fs.promises.writeFile(`${file}.part`, v8.serialize(decoded));
      await fs.promises.rename(`${file}.part`, file);
      return decoded;
    });
  }

  /** A JPEG of the frame at `time` (seconds), at most `width` pixels wide. */
  keyframe(time: number, width = 640): Promise<string> {
    const t = Math.max(0, Math.min(time, Math.max(0, this.media.duration - 0.05)));
    const key = `kf-${t.toFixed(3)}-${width}`;
    return this.once(key, async () => {
      const out = path.join(this.workDir, `${key}.jpg`);
      if (fs.existsSync(out)) return out;
      // Seek after -i: exact and never a garbled frame (a fast seek before -i can be).
      const src = await this.sourcePath();
      const fast = Math.max(0, t - 2);
      await runTool(ffmpegPath(), [
        "-v", "error", "-y", "-ss", fast.toFixed(3), "-i", src, "-ss", (t - fast).toFixed(3),
        "-frames:v", "1", "-vf", `scale='min(${width},iw)':-2`, "-q:v", "3", `${out}.part.jpg`,
      ]);
      await fs.promises.rename(`${out}.part.jpg`, out);
      return out;
    });
  }

  /** The audio as 16 kHz mono WAV, or null when the video has no audio track. */
  audioWav(): Promise<string | null> {
    return this.once("audio", async () => {
      if (!this.media.audio) return null;
      const out = path.join(this.workDir, "audio-16k.wav");
      if (fs.existsSync(out)) return out;
      await runTool(ffmpegPath(), ["-v", "error", "-y", "-i", await this.sourcePath(), "-vn", "-ac", "1", "-ar", "16000", "-f", "wav", `${out}.part`]);
      await fs.promises.rename(`${out}.part`, out);
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
    fs.rmSync(this.workDir, { recursive: true, force: true });
  }
}
