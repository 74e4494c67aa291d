// One chunk of a long video's run as an Inngest function: process-video invokes it once per chunk
// (its fan-out step), so the chunks run side by side on whichever machines serve /api/inngest. The
// chunk is claimed and leased in Postgres exactly as the embedded runner's chunk workers do, so a
// retried or duplicated invocation runs it once.
import { getDb } from "@/db/client";
import { runChunkByIndex } from "@/lib/pipeline/chunks/chunk-worker";
import { INNGEST_CHUNK_CONCURRENCY } from "@/lib/pipeline/chunks/settings";
import { CHUNK_EVENT, inngest } from "@/lib/pipeline/inngest-client";
import type { MediaInfo } from "@/lib/media/probe";

export interface ChunkInvocation {
  runId: string;
  idx: number;
  media: MediaInfo;
}

export const processVideoChunk = inngest.createFunction(
  {
    id: "process-video-chunk",
    triggers: [{ event: CHUNK_EVENT }],
    // Chunks of every run share the workers: two at a time per app, as process-video's runs.
    concurrency: { limit: INNGEST_CHUNK_CONCURRENCY },
    // Three attempts in all, as CHUNK_MAX_ATTEMPTS: a chunk that keeps failing fails its run.
    retries: 2,
  },
  async ({ event, step }) => {
    const data = event.data as ChunkInvocation;
    return step.run("chunk", async () => runChunkByIndex(await getDb(), data));
  },
);
