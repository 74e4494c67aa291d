// The merge of a chunked run's decode passes: the chunks' frames, stills and keyframe reads laid
// into the run's work directory exactly as one unsplit pass would have left them, so every module
// then runs over the whole video as usual (shots over all frames — a cut on a border is found
// once —, scenes and grouped shots over all shots, people clustered over the whole video). Two
// things differ at a border and are put right here: the first frame of a chunk was compared with
// nothing (its differences are computed again against the previous chunk's last frame), and each
// chunk starts with a still that an unsplit pass took earlier in the same interval (dropped).
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { FeatureExtractor } from "@/lib/media/feature-extractor";
import { type DecodedFrames, type FrameFeatures, type Still } from "@/lib/media/decode-frames";
import { stillFile } from "@/lib/media/decode-stills";
import type { SharedMedia } from "@/lib/analysis/shared-media";
import { stillInterval } from "@/lib/analysis/shared-media";
import { COLOR_HEIGHT, COLOR_WIDTH } from "@/lib/analysis/keyframes/keyframe-images";
import { rememberImageRgb } from "@/lib/analysis/visual/colors";
import type { ModuleResult, SegmentDraft } from "../types";
import type { ChunkBundle } from "./bundle";

/** The frames file an unsplit decode pass writes (shared-media.ts reads it instead of decoding). */
export function framesFile(shared: SharedMedia): string {
  return path.join(shared.workDir, "frames.v8");
}

/**
 * Lays the chunks' decode passes (bundles loaded one at a time: `count` of them, by position) into
 * the run's work directory; returns the merged pass (null when no chunk decoded pictures) and the
 * chunks' transcripts in order.
 */
export async function assembleDecode(
  shared: SharedMedia,
  count: number,
  load: (idx: number) => Promise<ChunkBundle>,
): Promise<{ decoded: DecodedFrames | null; transcripts: (ModuleResult<unknown> | null)[] }> {
  const transcripts: (ModuleResult<unknown> | null)[] = [];
  let first: ChunkBundle["frames"] = null;
  let frameCount = 0;
  const every = Number(stillInterval(shared.media.duration).toFixed(4));
  const bucket = (t: number) => Math.floor(t / every + 1e-6);
  const frames: FrameFeatures[] = [];
  const stills: Still[] = [];
  const readsDir = path.join(shared.workDir, "reads");
  fs.rmSync(shared.stillsDir, { recursive: true, force: true });
  fs.rmSync(readsDir, { recursive: true, force: true });
  fs.mkdirSync(shared.stillsDir, { recursive: true });
  fs.mkdirSync(readsDir, { recursive: true });
  let previous: Pick<ChunkBundle, "lastRgb"> | null = null;
  for (let idx = 0; idx < count; idx++) {
    const b = await load(idx);
    transcripts.push(b.transcription);
    const f = b.frames;
    if (!f) continue;
    first ??= f;
    frameCount += f.frameCount;
    const offset = frames.length;
    for (const frame of f.frames) frames.push({ ...frame, index: frames.length });
    const border = frames[offset];
    if (previous?.lastRgb && b.firstRgb && border && offset > 0) {
      const extractor = new FeatureExtractor(f.analysisWidth, f.analysisHeight);
      extractor.extract(previous.lastRgb, offset - 1, frames[offset - 1]!.time);
      frames[offset] = extractor.extract(b.firstRgb, offset, border.time);
    }
    const lastStill = stills[stills.length - 1];
    for (const [k, s] of b.stills.entries()) {
      if (k === 0 && lastStill && bucket(s.time) <= bucket(lastStill.time)) continue;
      if (!s.jpeg) continue;
      const index = stills.length;
      const file = stillFile(shared.stillsDir, index);
      await fs.promises.writeFile(file, s.jpeg);
      if (s.colors) await rememberImageRgb(file, COLOR_WIDTH, COLOR_HEIGHT, s.colors);
      stills.push({ index, time: s.time, file, small: s.small });
      for (const r of b.reads.filter((x) => x.still === k)) {
        await fs.promises.writeFile(path.join(readsDir, `${r.name}-${path.basename(file)}.json`), r.json);
      }
    }
    previous = { lastRgb: b.lastRgb };
  }
  if (!first) return { decoded: null, transcripts };
  const decoded: DecodedFrames = {
    fps: first.fps,
    width: first.width,
    height: first.height,
    duration: first.duration,
    analysisWidth: first.analysisWidth,
    analysisHeight: first.analysisHeight,
    frames,
    frameCount,
    stills,
  };
  const file = framesFile(shared);
  const tmp = `${file}.${process.pid}.part`;
  await fs.promises.writeFile(tmp, v8.serialize(decoded));
  await fs.promises.rename(tmp, file);
  return { decoded, transcripts };
}

/**
 * The chunks' transcripts as one: each chunk transcribed its speech range, whose borders lie in
 * pauses, so the pieces are put side by side (no word is in two pieces). Notes of chunks that
 * heard nothing are dropped when another heard speech.
 */
export function mergeTranscripts(parts: readonly (ModuleResult<unknown> | null)[]): ModuleResult<unknown> | null {
  const made = parts.filter((p): p is ModuleResult<unknown> => !!p);
  if (!made.length) return null;
  const segments: SegmentDraft[] = made.flatMap((p) => p.segments).sort((a, b) => a.start_time - b.start_time);
  const speaking = made.filter((p) => p.segments.length);
  const notes = [...new Set((speaking.length ? speaking : made).flatMap((p) => p.notes ?? []))];
  return { segments, notes, data: { ...((made[0]!.data as Record<string, unknown>) ?? {}), chunks: made.length } };
}

/** A segment of a range's own clock moved onto the video's (its word times too). */
export function shiftSegment(s: SegmentDraft, by: number): SegmentDraft {
  const round = (t: number) => Math.round((t + by) * 1e6) / 1e6;
  const words = s.metadata.words;
  const metadata = Array.isArray(words)
    ? { ...s.metadata, words: words.map((w: unknown) => (Array.isArray(w) ? w.map((v, i) => (i === 1 || i === 2) && typeof v === "number" ? round(v) : v) : w)) }
    : s.metadata;
  return { ...s, start_time: round(s.start_time), end_time: round(s.end_time), metadata };
}
