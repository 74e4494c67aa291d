// The Inngest client (used when INNGEST_EVENT_KEY or INNGEST_DEV is set): the engine sends it a
// run; the function in inngest/ (served at /api/inngest) runs it.
import { Inngest } from "inngest";
import { getDb } from "@/db/client";
import { latestRunForJob } from "@/db/queries/runs";
import { QueueUnavailableError } from "@/lib/jobs/queue-unavailable-error";

export const PROCESS_EVENT = "video/process.requested";
/** One chunk of a long video's run (process-video invokes process-video-chunk with it). */
export const CHUNK_EVENT = "video/chunk.requested";

export const inngest = new Inngest({ id: "video-analysis" });

/** Asks Inngest to run the pipeline for the job's newest queued run. */
export async function sendProcessEvent(jobId: string): Promise<void> {
  const db = await getDb();
  const run = await latestRunForJob(db, jobId);
  if (!run || run.status !== "queued") return;
  try {
    await inngest.send({ name: PROCESS_EVENT, data: { runId: run.id, jobId } });
  } catch (err) {
    // Nothing will pick the run up: fail it now rather than leave it queued forever.
    const { failRun } = await import("@/lib/pipeline/finalize-run");
    const message = `The job queue (Inngest) could not be reached: ${(err as Error).message}`;
    await failRun(db, { runId: run.id, error: message });
    throw new QueueUnavailableError();
  }
}
