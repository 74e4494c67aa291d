// A chunk's view of the video: the same shared artefacts as a whole run's (SharedMedia), but the
// decode pass covers only the chunk's picture range (input seeking, nothing re-encoded; frame and
// still times on the video's clock, stills on the video's grid) and the audio only its speech
// range. It also keeps the small frames at its two edges, which the merge needs to compute the
// border frame's differences as an unsplit pass would have.
import fs from "node:fs";
import path from "node:path";
import { decodeFrameFeatures, stillSize, type DecodedFrames } from "@/lib/media/decode-frames";
import { ffmpegPath, runTool } from "@/lib/media/ffmpeg";
import type { MediaInfo } from "@/lib/media/probe";
import { SharedMedia, STILL_LONG_SIDE, stillInterval, type DecodeHooks } from "@/lib/analysis/shared-media";

/** Seconds of audio heard before a chunk's speech range (see `audioStart`). */
export const SPEECH_LEAD = 5;
/** PocketSphinx's frame shift (100 frames a second), counted from the start of the audio it is given. */
export const SPEECH_FRAME_SECONDS = 0.01;

/**
 * Where a chunk whose speech range starts at `speechStart` starts its audio: `SPEECH_LEAD` before it,
 * floored to the unsplit run's frame grid (a whole number of frames from the video's start).
 */
export function speechAudioStart(speechStart: number, lead = SPEECH_LEAD): number {
  const start = Math.max(0, speechStart - lead);
  return Math.round(Math.floor(start / SPEECH_FRAME_SECONDS + 1e-6) * SPEECH_FRAME_SECONDS * 1000) / 1000;
}

export interface ChunkRange {
  start: number;
  end: number;
  speechStart: number;
  speechEnd: number;
  /** The video's last chunk: it decodes to the end of the file. */
  last: boolean;
}

export class RangeMedia extends SharedMedia {
  /** The first and last decoded frames at analysis size (rgb24). */
  firstRgb: Uint8Array | null = null;
  lastRgb: Uint8Array | null = null;

  constructor(
    jobId: string,
    storagePath: string,
    media: MediaInfo,
    workDir: string,
    readonly range: ChunkRange,
  ) {
    super(jobId, storagePath, media, workDir);
  }

  override frames(hooks: DecodeHooks = {}): Promise<DecodedFrames> {
    return this.once("frames", async () => {
      fs.mkdirSync(this.stillsDir, { recursive: true });
      const v = this.media.video;
      const decoded = await decodeFrameFeatures(await this.sourcePath(), {
        range: { start: this.range.start, end: this.range.last ? this.range.end + 3600 : this.range.end },
        onTime: hooks.onTime,
        onFrame: (raw, features) => {
          if (!this.firstRgb) this.firstRgb = raw.rgb.slice();
          (this.lastRgb ??= new Uint8Array(raw.rgb.length)).set(raw.rgb);
          hooks.onFrame?.(features);
        },
        onStill: hooks.onStill,
        // The whole video's interval, so the stills sit where an unsplit pass puts them.
        stills: { dir: this.stillsDir, interval: stillInterval(this.media.duration), ...stillSize(v?.width ?? 0, v?.height ?? 0, STILL_LONG_SIDE) },
      });
      if (decoded.duration > this.media.duration && this.media.duration > 0) decoded.duration = this.media.duration;
      return (this.decoded = decoded);
    });
  }

  /**
   * Where the chunk's audio starts: `SPEECH_LEAD` before its speech range, so a recogniser has
   * heard the room (PocketSphinx's running cepstral mean) when the range's first words come; what
   * it hears in the lead belongs to the previous chunk and is dropped. It starts on the unsplit
   * run's frame grid (a whole number of frames from the video's start), so the recogniser reads
   * the same frames as an unsplit run does instead of ones up to 10 ms apart: on the 10-min bench
   * clip the chunked transcript differed from the unsplit one in 9.6 % of its words instead of
   * 12.5 % (bench/pipeline/speech-lead.ts).
   */
  get audioStart(): number {
    return speechAudioStart(this.range.speechStart);
  }

  /** The chunk's audio, from `audioStart` to its speech range's end, as 16 kHz mono WAV. */
  override audioWav(): Promise<string | null> {
    return this.once("audio", async () => {
      if (!this.media.audio) return null;
      const out = path.join(this.workDir, "audio-16k.wav");
      const { speechEnd, last } = this.range;
      const length = last ? [] : ["-t", (speechEnd - this.audioStart).toFixed(3)];
      await runTool(ffmpegPath(), ["-v", "error", "-y", "-ss", this.audioStart.toFixed(3), ...length, "-i", await this.sourcePath(), "-vn", "-ac", "1", "-ar", "16000", "-f", "wav", out]);
      return out;
    });
  }
}
