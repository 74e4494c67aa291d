// A model host in its own process, the parent side: the TF.js models (tfjs-models.child.cjs) and the
// ONNX models (onnx-host.child.mjs) each run in one, so the server never carries their heaps and
// their garbage. The process is forked on the first request, once per server process, and ends with
// it (the child leaves when its IPC channel closes: model-process.child.cjs). It holds the parent's
// event loop only while a request is waiting, so scripts and tests exit when they are done. If it
// stops, waiting requests fail with the reason and the next request starts a new one.
// Protocol (advanced serialization, so typed arrays travel as such): parent → { id, op, ...payload };
// child → { id, ...result } | { id, error }.
import { fork, type ChildProcess } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { countModelProcessRestart } from "@/lib/metrics/observe";
import { childProcessEnv } from "@/lib/env/child-env";

interface Pending {
  resolve: (v: Record<string, unknown>) => void;
  reject: (e: Error) => void;
}

interface Running {
  child: ChildProcess;
  pending: Map<number, Pending>;
  nextId: number;
}

export interface ModelProcessSpec {
  /** Its script in lib/ai, loaded by path (never bundled). */
  script: string;
  /** What it is called in errors: "the OCR / voice-activity process". */
  name: string;
  /** Extra environment, read when the process starts. */
  env?: () => Record<string, string>;
  /** Node options of the child (V8 heap sizes). */
  execArgv?: string[];
}

export interface ModelProcess {
  /**
   * One request; resolves with the answer (rejects with the child's error, or why it stopped).
   * With `signal`, an abort rejects at once with its reason: the caller stops waiting (a cancelled
   * run ends without waiting for a detection in a child at low priority on a busy machine) and the
   * child's answer, when it comes, is dropped.
   */
  ask<T>(op: string, payload?: object, signal?: AbortSignal): Promise<T>;
  /** Its process id while it runs (bench/quality/memory.ts counts its memory). */
  pid(): number | undefined;
  /** Stops it (tests and benches); the next request starts a new one. */
  stop(): Promise<void>;
}

/**
 * glibc malloc settings of the children: freed blocks of 128 KB and more are unmapped at once and
 * the heap top is trimmed, instead of the adaptive threshold that kept onnxruntime's freed
 * activations resident; two arenas for their threads. (Measured on PP-OCRv4 detection of a
 * 960 × 544 frame: +200 MB resident after a few frames with the defaults, +55 MB with these.)
 * glibc reads them at start-up, so only a process of its own can have them.
 */
const MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: "131072", MALLOC_TRIM_THRESHOLD_: "131072", MALLOC_ARENA_MAX: "2" };

const g = globalThis as { __vaModelProcesses?: Map<string, Running>; __vaModelProcessesDied?: Set<string> };
// Kept on globalThis: a module reloaded in development must not fork a second copy.
const running: Map<string, Running> = (g.__vaModelProcesses ??= new Map());
/** Scripts whose process stopped unasked (crash, kill): their next start counts as a restart. */
const died: Set<string> = (g.__vaModelProcessesDied ??= new Set());

/**
 * Niceness of the model processes. On a busy machine the decode pass (which every module waits for)
 * comes first and the keyframe reads (OCR, labels) take what it leaves, catching up as it ends:
 * the 2-minute pipeline bench went from 56.2 / 52.2 s to 50.5 / 48.4 s (two interleaved pairs),
 * the decode step from 46.1 / 43.7 to 41.4 / 41.3 s; on the 10-minute clip, busy from start to end,
 * 241.1 → 236.5 s (one pair, within noise: there the total CPU decides). A search query's embedding
 * waits the same way while a video is decoding: one sentence beside a plain 1080p decode took a
 * median 78–93 ms (max 180 ms) against 43–49 ms (max 71 ms) at niceness 0, 30 queries each; on an
 * idle machine niceness changes nothing.
 */
export const MODEL_NICENESS = 10;

function lowerPriority(child: ChildProcess): void {
  if (!child.pid) return;
  try {
    // Never above the server's own niceness (raising priority needs privileges).
    os.setPriority(child.pid, Math.max(os.getPriority(), MODEL_NICENESS));
  } catch {
    // The process is already gone: its exit is handled like any other.
  }
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

function start(spec: ModelProcessSpec): Running {
  const file = path.join(/* turbopackIgnore: true */ process.cwd(), "lib", "ai", spec.script);
  const child = fork(/* turbopackIgnore: true */ file, [], {
    cwd: process.cwd(),
    env: childProcessEnv({ ...MALLOC_ENV, VA_MODELS_ROOT: process.cwd(), ...spec.env?.() }),
    execArgv: spec.execArgv ?? [],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const state: Running = { child, pending: new Map(), nextId: 1 };
  lowerPriority(child);
  setIdle(child, true);
  if (died.delete(spec.script)) countModelProcessRestart(spec.script.replace(/\.child\.[cm]?js$/, ""));
  const failAll = (err: Error) => {
    for (const p of state.pending.values()) p.reject(err);
    state.pending.clear();
    // Still registered: nobody asked it to stop (stop() unregisters first).
    if (running.get(spec.script) === state) {
      running.delete(spec.script);
      died.add(spec.script);
    }
  };
  child.on("message", (msg: { id: number; error?: string } & Record<string, unknown>) => {
    const p = state.pending.get(msg.id);
    if (!p) return;
    state.pending.delete(msg.id); // (settling it marks the child idle when nothing else waits)
    if (msg.error !== undefined) p.reject(new Error(msg.error));
    else p.resolve(msg);
  });
  child.on("error", (err) => failAll(new Error(`${spec.name} failed: ${err.message}`)));
  child.on("exit", (code, signal) => failAll(new Error(`${spec.name} stopped (${signal ?? `exit ${code}`})`)));
  return state;
}

export function modelProcess(spec: ModelProcessSpec): ModelProcess {
  const key = spec.script;
  return {
    ask<T>(op: string, payload: object = {}, signal?: AbortSignal): Promise<T> {
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      let state = running.get(key);
      if (!state) {
        try {
          state = start(spec);
        } catch (err) {
          return Promise.reject(err as Error);
        }
        running.set(key, state);
      }
      const s = state;
      const id = s.nextId++;
      return new Promise<T>((resolve, reject) => {
        const settle = () => {
          signal?.removeEventListener("abort", onAbort);
          if (!s.pending.size) setIdle(s.child, true);
        };
        const onAbort = () => {
          if (!s.pending.delete(id)) return;
          settle();
          reject(signal!.reason as Error);
        };
        s.pending.set(id, {
          resolve: (v) => (settle(), resolve(v as T)),
          reject: (e) => (settle(), reject(e)),
        });
        signal?.addEventListener("abort", onAbort, { once: true });
        setIdle(s.child, false);
        s.child.send({ id, op, ...payload }, (err) => {
          if (!err || !s.pending.delete(id)) return;
          settle();
          reject(err);
        });
      });
    },
    pid: () => running.get(key)?.child.pid,
    async stop(): Promise<void> {
      const state = running.get(key);
      running.delete(key);
      if (!state || state.child.exitCode !== null || state.child.signalCode !== null) return;
      // An idle child is unref'd: hold the event loop until its exit arrives, or a script awaiting
      // this would end first with the promise unsettled.
      setIdle(state.child, false);
      await new Promise<void>((resolve) => {
        state.child.once("exit", () => resolve());
        state.child.kill();
      });
    },
  };
}
