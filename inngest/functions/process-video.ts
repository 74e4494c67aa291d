// The pipeline as an Inngest function: every named step of runPipeline becomes a memoized,
// retried `step.run`. A long video's chunks fan out: one invocation of process-video-chunk each,
// side by side, awaited before the merge. Failures after the retries mark the run and its video failed.
import { getDb } from "@/db/client";
import { startQueuedRun } from "@/db/queries/runs";
import { failRun } from "@/lib/pipeline/finalize-run";
import { RunCancelledError, runPipeline } from "@/lib/pipeline/run-pipeline";
import { inngest, PROCESS_EVENT } from "@/lib/pipeline/inngest-client";
import type { ChunkFanOut } from "@/lib/pipeline/chunks/run-chunked";
import { processVideoChunk } from "./process-video-chunk";

export const processVideo = inngest.createFunction(
  {
    id: "process-video",
    triggers: [{ event: PROCESS_EVENT }],
    concurrency: { limit: 2 },
    retries: 2,
    onFailure: async ({ event, error }) => {
      const runId = (event.data.event.data as { runId: string }).runId;
      await failRun(await getDb(), { runId, error: error.message || "Processing failed" });
    },
  },
  async ({ event, step }) => {
    const { runId } = event.data as { runId: string };
    const db = await getDb();
    await step.run("claim", async () => {
      await startQueuedRun(db, runId);
      return null;
    });
    try {
      const fanOut: ChunkFanOut = async ({ runId: id, count, media }) => {
        await Promise.all(
          Array.from({ length: count }, (_, idx) => step.invoke(`chunk-${idx}`, { function: processVideoChunk, data: { runId: id, idx, media } })),
        );
      };
      await runPipeline(db, runId, (name, fn) => step.run(name, fn) as never, new AbortController().signal, fanOut);
    } catch (err) {
      if (err instanceof RunCancelledError) return { runId, cancelled: true };
      throw err;
    }
    return { runId, cancelled: false };
  },
);

export const functions = [processVideo, processVideoChunk];
