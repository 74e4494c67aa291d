// A run's cancellation within this process: the video was deleted or its segments cleared, and
// whatever works on the job here (the embedded runner) stops at once. Other processes notice at
// their next lease renewal.
import { processSingleton } from "@/lib/core/process-singleton";

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
