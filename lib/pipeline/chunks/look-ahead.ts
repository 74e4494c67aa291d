// A chunk's share of the merge's shot comparisons: scenes and grouped shots compare every shot
// with its neighbours and its likely look-alikes across the video, on the merging worker alone
// while the others wait (chunked-scaling: 740 zoom searches, 3.8 s of a 19-s merge). A chunk
// compares its own shots with each other and with those of the chunks that ended before it, beside
// the chunks still running; the merge finds those in its memo (lib/analysis/scenes/look-pairs.ts).
// What a chunk's shots look like is kept for the chunks that end after it (a small object beside
// its bundle: each shot's keyframe image and feature, and its shortlist bar).
import v8 from "node:v8";
import type { Run } from "@/db/queries/runs";
import type { RunChunk } from "@/db/queries/run-chunks";
import { chunkLookPairs, type KnownLook, type LookPair } from "@/lib/analysis/scenes/look-pairs";
import { sharedKeyframeSource } from "@/lib/analysis/scenes/keyframe-source";
import { describeLook, lookInputs, type LookInput } from "@/lib/analysis/scenes/shot-similarity";
import { readShotSpans, type StoredShots } from "@/lib/analysis/visual/shot-spans";
import type { FrameFeatures } from "@/lib/media/frame-features";
import { getStorage } from "@/lib/storage";
import { logger } from "@/lib/log/logger";
import type { ModuleResult } from "../types";
import { chunksPrefix } from "./bundle";
import type { RangeMedia } from "./range-media";

const log = logger("chunks");

interface StoredLooks {
  version: 1;
  looks: { input: LookInput; bar: number }[];
}

export const looksKey = (run: Pick<Run, "userId" | "jobId" | "id">, idx: number) => `${chunksPrefix(run.userId, run.jobId, run.id)}${String(idx).padStart(4, "0")}.looks.v8`;

async function loadLooks(key: string): Promise<StoredLooks | null> {
  try {
    const stored = v8.deserialize(await getStorage().getBytes(key)) as StoredLooks;
    return stored.version === 1 ? stored : null;
  } catch {
    return null;
  }
}

/**
 * Describes the chunk's shots, compares them as the merge will (with those of `chunks` that have
 * completed), keeps their looks for later chunks and returns the comparisons for the bundle.
 */
export async function lookAhead(p: {
  run: Pick<Run, "userId" | "jobId" | "id">;
  chunk: Pick<RunChunk, "idx">;
  chunks: readonly Pick<RunChunk, "idx" | "status">[];
  range: RangeMedia;
  frames: readonly FrameFeatures[];
  shots: ModuleResult<unknown>;
  signal: AbortSignal;
}): Promise<LookPair[]> {
  const spans = readShotSpans(p.shots as StoredShots);
  const inputs = await lookInputs(p.frames, spans, sharedKeyframeSource(p.range, p.signal));
  const ended = p.chunks.filter((c) => c.status === "completed" && c.idx !== p.chunk.idx);
  const theirs = await Promise.all(ended.map(async (c) => ({ idx: c.idx, stored: await loadLooks(looksKey(p.run, c.idx)) })));
  const parts = [...theirs.filter((t) => t.stored).map((t) => ({ idx: t.idx, looks: t.stored!.looks })), { idx: p.chunk.idx, looks: inputs.map((input) => ({ input, bar: -Infinity })) }];
  parts.sort((a, b) => a.idx - b.idx);
  const known: KnownLook[] = [];
  let block = 0;
  let ownAt = 0;
  parts.forEach((part, k) => {
    if (k > 0 && part.idx !== parts[k - 1]!.idx + 1) block++;
    const mine = part.idx === p.chunk.idx;
    if (mine) ownAt = known.length;
    for (const l of part.looks) known.push({ look: describeLook(l.input), mine, block, bar: l.bar });
  });
  const { pairs, bars } = await chunkLookPairs(known, p.signal);
  const stored: StoredLooks = { version: 1, looks: inputs.map((input, i) => ({ input, bar: bars.get(ownAt + i) ?? -Infinity })) };
  await getStorage().putBytes(looksKey(p.run, p.chunk.idx), v8.serialize(stored), "application/octet-stream");
  log.debug({ jobId: p.run.jobId, chunk: p.chunk.idx, shots: spans.length, known: known.length, pairs: pairs.length }, "shot comparisons made ahead");
  return pairs;
}
