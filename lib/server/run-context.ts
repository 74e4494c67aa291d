// The cancellation signal of the run a piece of code works for, carried implicitly (async local
// storage) so every child process a run spawns dies with it when the run is cancelled, deleted
// or its process shuts down, without threading a signal through every helper.
import { AsyncLocalStorage } from "node:async_hooks";
import { processSingleton } from "@/lib/server/process-singleton";

type RunContext = { signal: AbortSignal };
const store = processSingleton<AsyncLocalStorage<RunContext>>("__vaRunContext", () => new AsyncLocalStorage<RunContext>());

export function withRunSignal<T>(signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
  return store.run({ signal }, fn);
}

/** The explicit signal if given, else the current run's (undefined outside a run). */
export function runSignal(explicit?: AbortSignal): AbortSignal | undefined {
  return explicit ?? store.getStore()?.signal;
}
