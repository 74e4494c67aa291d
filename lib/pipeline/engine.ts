// Which engine drives the pipeline: Inngest when configured, else the embedded runner.
import { processSingleton } from "@/lib/core/process-singleton";
import { env } from "@/lib/env";

export type EngineName = "embedded" | "inngest";

export function activeEngine(): EngineName {
  return env().INNGEST_EVENT_KEY || env().INNGEST_DEV ? "inngest" : "embedded";
}

type Waker = (jobId: string) => void | Promise<void>;
const wakers = processSingleton<Set<Waker>>("__vaWakers", () => new Set<Waker>());

/** The engines register here to hear about new runs at once (the embedded runner also polls). */
export function onRunQueued(fn: Waker): () => void {
  wakers.add(fn);
  return () => wakers.delete(fn);
}

export async function notifyRunQueued(jobId: string): Promise<void> {
  if (activeEngine() === "inngest") {
    const { sendProcessEvent } = await import("./inngest-client");
    await sendProcessEvent(jobId);
    return;
  }
  // The embedded runner also polls: a missed wake-up only delays a run by a second.
  for (const w of wakers) await w(jobId);
}
