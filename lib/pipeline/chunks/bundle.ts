// What a finished chunk leaves for the merge, in one object in storage (so a worker on another
// machine can have run it): its decode pass (frame features, stills as JPEG bytes with their small
// frames, the small frames at its two edges), the keyframe reads it made, and its transcript on
// the video's clock. Kept under the video's results/ folder: deleting the video removes it, and a
// completed run removes it with every other file it did not write.
import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import type { DecodedFrames } from "@/lib/media/decode-frames";
import { COLOR_HEIGHT, COLOR_WIDTH } from "@/lib/analysis/keyframes/keyframe-images";
import { rememberedImageRgb } from "@/lib/analysis/visual/colors";
import { getStorage } from "@/lib/storage";
import { resultsPrefix } from "@/lib/storage/derived-files";
import type { ModuleResult } from "../types";
import type { RangeMedia } from "./range-media";

export interface BundleStill {
  time: number;
  small: Uint8Array | null;
  jpeg: Uint8Array | null;
  /**
   * The still at COLOR_WIDTH × COLOR_HEIGHT when the chunk decoded it (the keyframes its read-ahead
   * picked): scenes and grouped shots in the merge read these instead of decoding every keyframe
   * again (an ffmpeg start each, ~17 s of the merge's one core on the 10-min clip). Absent in
   * bundles written before.
   */
  colors?: Uint8Array | null;
}

export interface ChunkBundle {
  version: 1;
  idx: number;
  frames: Omit<DecodedFrames, "stills"> | null;
  stills: BundleStill[];
  firstRgb: Uint8Array | null;
  lastRgb: Uint8Array | null;
  /** Keyframe reads by analyzer and still position: the JSON an unsplit run keeps beside its stills. */
  reads: { name: string; still: number; json: string }[];
  /** The transcript of the chunk's speech range, times on the video's clock (null: not made here). */
  transcription: ModuleResult<unknown> | null;
}

export const chunksPrefix = (userId: string, jobId: string, runId: string) => `${resultsPrefix(userId, jobId)}chunks/${runId}/`;
export const bundleKey = (userId: string, jobId: string, runId: string, idx: number) =>
  `${chunksPrefix(userId, jobId, runId)}${String(idx).padStart(4, "0")}.v8`;

const READ_FILE = /^(.+)-(\d{6})\.jpg\.json$/;

/** Collects a finished chunk's work from its work directory. */
export async function collectBundle(idx: number, media: RangeMedia, decoded: DecodedFrames | null, transcription: ModuleResult<unknown> | null): Promise<ChunkBundle> {
  const stills: BundleStill[] = [];
  for (const s of decoded?.stills ?? []) {
    const jpeg = await fs.promises.readFile(s.file).catch(() => null);
    stills.push({ time: s.time, small: s.small, jpeg, colors: await rememberedImageRgb(s.file, COLOR_WIDTH, COLOR_HEIGHT) });
  }
  const reads: ChunkBundle["reads"] = [];
  const readsDir = path.join(media.workDir, "reads");
  for (const name of await fs.promises.readdir(readsDir).catch(() => [] as string[])) {
    const m = READ_FILE.exec(name);
    if (m) reads.push({ name: m[1]!, still: Number(m[2]), json: await fs.promises.readFile(path.join(readsDir, name), "utf8") });
  }
  const frames = decoded ? (({ stills: _stills, ...rest }) => rest)(decoded) : null;
  return { version: 1, idx, frames, stills, firstRgb: media.firstRgb, lastRgb: media.lastRgb, reads, transcription };
}

export async function storeBundle(key: string, bundle: ChunkBundle): Promise<number> {
  const bytes = v8.serialize(bundle);
  await getStorage().putBytes(key, bytes, "application/octet-stream");
  return bytes.length;
}

export async function loadBundle(key: string): Promise<ChunkBundle> {
  return v8.deserialize(await getStorage().getBytes(key)) as ChunkBundle;
}
