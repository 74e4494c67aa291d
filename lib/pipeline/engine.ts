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

type CancelListener = (jobId: string) => void;
const cancelListeners = processSingleton<Set<CancelListener>>("__vaCancelListeners", () => new Set<CancelListener>());

/** The embedded runner hears here that a job's run was cancelled (video deleted, segments cleared). */
export function onRunCancelled(fn: CancelListener): () => void {
  cancelListeners.add(fn);
  return () => cancelListeners.delete(fn);
}

/** Aborts this process's work on the job at once; other processes notice at their next lease renewal. */
export function notifyRunCancelled(jobId: string): void {
  for (const fn of cancelListeners) fn(jobId);
}
