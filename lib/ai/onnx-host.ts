// The parent side of the ONNX models' process (onnx-host.child.mjs: PaddleOCR and Silero VAD on
// onnxruntime). It is forked on the first request, once per process, and ends with it; it holds
// the parent's event loop only while a request is waiting, so scripts and tests exit when done.
// If it stops, waiting requests fail with the reason and the next request starts a new one.
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";
import { ffmpegPath } from "@/lib/media/ffmpeg";

interface Pending {
  resolve: (v: Record<string, unknown>) => void;
  reject: (e: Error) => void;
}

interface HostState {
  child: ChildProcess;
  pending: Map<number, Pending>;
  nextId: number;
}

const g = globalThis as { __vaOnnxHost?: HostState };

/**
 * glibc malloc settings of the child: freed blocks of 128 KB and more are unmapped at once and the
 * heap top is trimmed, instead of the adaptive threshold that kept onnxruntime's freed activations
 * resident; two arenas for its threads. (Measured on PP-OCRv4 detection of a 960 × 544 frame:
 * +200 MB resident after a few frames with the defaults, +55 MB with these.)
 */
const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072", MALLOC_ARENA_MAX: "2" };

function childFile(): string {
  // Loaded by path, never bundled.
  return path.join(/* turbopackIgnore: true */ process.cwd(), "lib", "ai", "onnx-host.child.mjs");
}

function setIdle(child: ChildProcess, idle: boolean): void {
  const channel = child.channel as { ref(): void; unref(): void } | null | undefined;
  if (idle) {
    child.unref();
    channel?.unref();
  } else {
    child.ref();
    channel?.ref();
  }
}

function start(): HostState {
  const child = fork(/* turbopackIgnore: true */ childFile(), [], {
    cwd: process.cwd(),
    env: { ...process.env, ...MALLOC_ENV, FFMPEG_PATH: ffmpegPath(), VA_MODELS_ROOT: process.cwd() },
    execArgv: [],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const state: HostState = { child, pending: new Map(), nextId: 1 };
  setIdle(child, true);
  const failAll = (err: Error) => {
    for (const p of state.pending.values()) p.reject(err);
    state.pending.clear();
    if (g.__vaOnnxHost === state) g.__vaOnnxHost = undefined;
  };
  child.on("message", (msg: { id: number; error?: string } & Record<string, unknown>) => {
    const p = state.pending.get(msg.id);
    if (!p) return;
    state.pending.delete(msg.id);
    if (!state.pending.size) setIdle(child, true);
    if (msg.error !== undefined) p.reject(new Error(msg.error));
    else p.resolve(msg);
  });
  child.on("error", (err) => failAll(new Error(`the OCR / voice-activity process failed: ${err.message}`)));
  child.on("exit", (code, signal) => failAll(new Error(`the OCR / voice-activity process stopped (${signal ?? `exit ${code}`})`)));
  return state;
}

/** One request to the ONNX models' process; resolves with its answer (rejects with its error). */
export function askOnnxHost<T>(op: string, payload: object = {}): Promise<T> {
  let state: HostState;
  try {
    state = g.__vaOnnxHost ??= start();
  } catch (err) {
    return Promise.reject(err as Error);
  }
  const id = state.nextId++;
  return new Promise<T>((resolve, reject) => {
    state.pending.set(id, { resolve: (v) => resolve(v as T), reject });
    setIdle(state.child, false);
    state.child.send({ id, op, ...payload }, (err) => {
      if (!err) return;
      state.pending.delete(id);
      reject(err);
    });
  });
}

/** The process id of the ONNX models' process, if it runs (bench/quality/memory.ts counts its memory). */
export function onnxHostPid(): number | undefined {
  return g.__vaOnnxHost?.child.pid;
}

/** Stops the ONNX models' process (tests and benches); the next request starts a new one. */
export async function stopOnnxHost(): Promise<void> {
  const state = g.__vaOnnxHost;
  g.__vaOnnxHost = undefined;
  if (!state || state.child.exitCode !== null || state.child.signalCode !== null) return;
  // An idle child is unref'd: hold the event loop until its exit arrives, or a script awaiting
  // this would end first with the promise unsettled.
  setIdle(state.child, false);
  await new Promise<void>((resolve) => {
    state.child.once("exit", () => resolve());
    state.child.kill();
  });
}
