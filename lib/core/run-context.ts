// The cancellation signal of the run a piece of code works for, carried implicitly (async local
// storage) so every child process a run spawns dies with it when the run is cancelled, deleted
// or its process shuts down, without threading a signal through every helper.
import { AsyncLocalStorage } from "node:async_hooks";
import { processSingleton } from "@/lib/core/process-singleton";

type RunContext = { signal: AbortSignal };
const store = processSingleton<AsyncLocalStorage<RunContext>>("__vaRunContext", () => new AsyncLocalStorage<RunContext>());

export function withRunSignal<T>(signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
  return store.run({ signal }, fn);
}

/** The explicit signal if given, else the current run's (undefined outside a run). */
export function runSignal(explicit?: AbortSignal): AbortSignal | undefined {
  return explicit ?? store.getStore()?.signal;
}

/**
 * `work`, or a rejection with the abort's reason as soon as `signal` aborts, whichever comes first.
 * What `work` still does after an abort is left to run out on its own (child processes die with
 * the run signal; what waits on a model process gives up), and its outcome is ignored.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined); // an outcome nobody waits for is not an unhandled rejection
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
