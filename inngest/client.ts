// The Inngest client (used when INNGEST_EVENT_KEY or INNGEST_DEV is set).
import { Inngest } from "inngest";
import { getDb } from "@/db/client";
import { latestRunForJob } from "@/db/queries/runs";

export const PROCESS_EVENT = "video/process.requested";

export const inngest = new Inngest({ id: "video-analysis" });

/** Asks Inngest to run the pipeline for the job's newest queued run. */
export async function sendProcessEvent(jobId: string): Promise<void> {
  const run = await latestRunForJob(await getDb(), jobId);
  if (!run || run.status !== "queued") return;
  await inngest.send({ name: PROCESS_EVENT, data: { runId: run.id, jobId } });
}
