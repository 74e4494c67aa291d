// The parent side of the TF.js models worker (tfjs-models.worker.cjs): the sentence encoder and the
// visual detector share one worker thread, one TF.js and one WASM heap. The worker starts on the
// first request, once per process; it holds the event loop only while a request is waiting, so
// scripts and tests exit when they are done. If it stops, waiting requests fail with the reason and
// the next request starts a fresh one.
import path from "node:path";
import { Worker } from "node:worker_threads";

interface Pending {
  resolve: (v: Record<string, unknown>) => void;
  reject: (e: Error) => void;
}

interface WorkerState {
  worker: Worker;
  pending: Map<number, Pending>;
  nextId: number;
}

const g = globalThis as { __vaTfjsModels?: WorkerState };

function workerFile(): string {
  // Loaded by path, never bundled (see the worker's header).
  return path.join(/* turbopackIgnore: true */ process.cwd(), "lib", "ai", "tfjs-models.worker.cjs");
}

function start(): WorkerState {
  const worker = new Worker(/* turbopackIgnore: true */ workerFile(), {
    workerData: { root: process.cwd() },
    // The thread's JavaScript is glue around the WASM heap: a small young generation is enough, and
    // V8's default for a worker reserves ~30 MB more (measured: its heap 60 MB → 32 MB).
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  worker.unref();
  const state: WorkerState = { worker, pending: new Map(), nextId: 1 };
  const failAll = (err: Error) => {
    for (const p of state.pending.values()) p.reject(err);
    state.pending.clear();
    if (g.__vaTfjsModels === state) g.__vaTfjsModels = undefined;
  };
  worker.on("message", (msg: { id: number; error?: string } & Record<string, unknown>) => {
    const p = state.pending.get(msg.id);
    if (!p) return;
    state.pending.delete(msg.id);
    if (!state.pending.size) worker.unref();
    if (msg.error !== undefined) p.reject(new Error(msg.error));
    else p.resolve(msg);
  });
  worker.on("error", (err) => failAll(new Error(`the TF.js models thread failed: ${err.message}`)));
  worker.on("exit", (code) => failAll(new Error(`the TF.js models thread stopped (exit ${code})`)));
  return state;
}

/** One request to the models worker; resolves with its answer (rejects with its error). */
export function askTfjsModels<T>(op: string, payload: object = {}, transfer: ArrayBuffer[] = []): Promise<T> {
  let state: WorkerState;
  try {
    state = g.__vaTfjsModels ??= start();
  } catch (err) {
    return Promise.reject(err as Error);
  }
  const id = state.nextId++;
  return new Promise<T>((resolve, reject) => {
    state.pending.set(id, { resolve: (v) => resolve(v as T), reject });
    state.worker.ref();
    state.worker.postMessage({ id, op, ...payload }, transfer);
  });
}

/** Stops the worker (tests and benches that measure loading); the next request starts a new one. */
export async function stopTfjsModels(): Promise<void> {
  const state = g.__vaTfjsModels;
  g.__vaTfjsModels = undefined;
  if (state) await state.worker.terminate();
}
