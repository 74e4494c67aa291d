// Live processing progress per video, from GET /processing/{job_id}/events. One connection per
// video however many components show it, at most MAX_STREAMS at once (a browser keeps only six
// HTTP/1.1 connections per host; the rest of the page must still load), and the state outlives
// the components, so the notes a run reported are still there when its results page opens.
import { executionOrder, isModuleName, type ModuleName } from "@/lib/pipeline/modules/registry";
import { errorDetail } from "@/lib/browser/api-client";
import { followProcessingEvents, type ProcessingEvent } from "@/lib/browser/sse";
import { isSetupNote } from "@/lib/pipeline/modules/setup-notes";
import { item } from "@/lib/core/item";

export type ModuleState = "waiting" | "running" | "done";

export interface ModuleProgress {
  module: string;
  state: ModuleState;
  /** False for a prerequisite that runs but whose segments are not kept. */
  selected: boolean;
  segments: number | null;
  notes: string[];
  /** Latest `module_progress` of a running module: 0–99, and what it is doing. */
  percent: number | null;
  message: string | null;
}

export interface ImportProgress {
  bytes: number;
  total: number | null;
  percent: number | null;
}

export interface ProcessingState {
  jobId: string;
  connection: "idle" | "waiting-for-slot" | "connecting" | "live" | "reconnecting" | "closed";
  modules: ModuleProgress[];
  /** Progress of the shared decode pass (`module_progress` with module `decode`) until it ends. */
  decode: { percent: number; message: string | null } | null;
  /** The latest `import_progress` of a video imported from a URL (`total`/`percent` null when unknown). */
  importing: ImportProgress | null;
  /** A long video's parts (chunks_planned / chunk_completed): how many, and the ranges done (seconds). */
  chunks?: { total: number; done: { chunk: number; start: number; end: number }[] } | null;
  /** `notes`: about the whole run (a damaged file analysed up to where its data ends). */
  done: { status: "completed" | "failed"; error: string | null; notes: string[] } | null;
  /** Date.now() when `done` arrived. */
  doneAt: number | null;
  /** A final error of the stream itself (e.g. 404 Video not found). */
  error: string | null;
}

const MAX_STREAMS = 3;

interface Entry {
  state: ProcessingState;
  listeners: Set<() => void>;
  refs: number;
  controller: AbortController | null;
  stopTimer: ReturnType<typeof setTimeout> | null;
}

const entries = new Map<string, Entry>();
const waiting: string[] = [];
let streaming = 0;

export function plan(selected: readonly string[]): ModuleProgress[] {
  const names = selected.filter(isModuleName) as ModuleName[];
  return executionOrder(names).map((m) => ({ module: m, state: "waiting", selected: names.includes(m), segments: null, notes: [], percent: null, message: null }));
}

export function blank(jobId: string, selected: readonly string[]): ProcessingState {
  return { jobId, connection: "idle", modules: plan(selected), decode: null, importing: null, chunks: null, done: null, doneAt: null, error: null };
}

function entryFor(jobId: string, selected: readonly string[]): Entry {
  let e = entries.get(jobId);
  if (!e) {
    e = { state: blank(jobId, selected), listeners: new Set(), refs: 0, controller: null, stopTimer: null };
    entries.set(jobId, e);
  } else if (!e.state.modules.length && selected.length) {
    e.state = { ...e.state, modules: plan(selected) };
  }
  return e;
}

function update(e: Entry, fn: (s: ProcessingState) => ProcessingState) {
  e.state = fn(e.state);
  for (const l of e.listeners) l();
}

const count = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null);

export function applyEvent(s: ProcessingState, ev: ProcessingEvent): ProcessingState {
  if (ev.type === "import_progress") {
    const bytes = count(ev.bytes);
    if (bytes === null) return s;
    const percent = count(ev.percent);
    return { ...s, importing: { bytes, total: count(ev.total), percent: percent === null ? null : Math.min(100, percent) } };
  }
  if (ev.type === "module_progress") {
    const percent = typeof ev.percent === "number" ? Math.max(0, Math.min(100, ev.percent)) : null;
    if (percent === null) return s;
    const message = typeof ev.message === "string" ? ev.message : null;
    if (ev.module === "decode") return { ...s, decode: { percent, message } };
    const i = s.modules.findIndex((m) => m.module === ev.module);
    // Late progress of a module already done (or one this page does not list) changes nothing.
    if (i < 0 || item(s.modules, i).state === "done") return s;
    const modules = [...s.modules];
    modules[i] = { ...item(modules, i), state: "running", percent, message };
    return { ...s, modules };
  }
  if (ev.type === "module_started" || ev.type === "module_completed") {
    const name = String(ev.module);
    const modules = s.modules.some((m) => m.module === name)
      ? [...s.modules]
      : [...s.modules, { module: name, state: "waiting" as ModuleState, selected: true, segments: null, notes: [], percent: null, message: null }];
    const i = modules.findIndex((m) => m.module === name);
    const m = item(modules, i);
    if (ev.type === "module_started") {
      modules[i] = { ...m, state: m.state === "done" ? "done" : "running", selected: typeof ev.selected === "boolean" ? ev.selected : m.selected };
    } else {
      // Notes about the install (no model) are said once, in the module picker.
      const notes = Array.isArray(ev.notes) ? ev.notes.filter((n): n is string => typeof n === "string" && !isSetupNote(n)) : [];
      modules[i] = { ...m, state: "done", segments: typeof ev.segments === "number" ? ev.segments : m.segments, notes, percent: null, message: null };
    }
    return { ...s, modules };
  }
  if (ev.type === "chunks_planned" && Array.isArray(ev.chunks)) {
    return { ...s, chunks: { total: ev.chunks.length, done: s.chunks?.done ?? [] } };
  }
  if (ev.type === "chunk_completed") {
    const chunk = count(ev.chunk);
    const start = count(ev.start);
    const end = count(ev.end);
    if (chunk === null || start === null || end === null) return s;
    const done = [...(s.chunks?.done ?? []).filter((c) => c.chunk !== chunk), { chunk, start, end }].sort((a, b) => a.start - b.start);
    return { ...s, chunks: { total: count(ev.chunks) ?? s.chunks?.total ?? done.length, done } };
  }
  if (ev.type === "done") {
    const status = ev.status === "failed" ? "failed" : "completed";
    const notes = Array.isArray(ev.notes) ? ev.notes.filter((n): n is string => typeof n === "string") : [];
    return { ...s, done: { status, error: typeof ev.error === "string" ? ev.error : null, notes }, doneAt: Date.now() };
  }
  return s;
}

function pump() {
  while (streaming < MAX_STREAMS && waiting.length) {
    const jobId = waiting.shift()!;
    const e = entries.get(jobId);
    if (e && e.refs > 0 && !e.controller && !e.state.done) connect(jobId, e);
  }
}

function connect(jobId: string, e: Entry) {
  const controller = new AbortController();
  e.controller = controller;
  streaming++;
  update(e, (s) => ({ ...s, connection: "connecting", error: null }));
  followProcessingEvents(jobId, {
    signal: controller.signal,
    onOpen: () => update(e, (s) => ({ ...s, connection: "live" })),
    onRetry: () => update(e, (s) => ({ ...s, connection: "reconnecting" })),
    onEvent: (ev) => update(e, (s) => applyEvent(s, ev)),
  })
    .catch((err) => {
      if (e.controller === controller) update(e, (s) => ({ ...s, error: errorDetail(err) }));
    })
    .finally(() => {
      streaming--;
      // A reset may have started a newer connection already; this one's end is not its state.
      if (e.controller === controller) {
        e.controller = null;
        update(e, (s) => ({ ...s, connection: controller.signal.aborted && !s.done ? "idle" : "closed" }));
      }
      pump();
    });
}

function start(jobId: string, e: Entry) {
  if (e.controller || e.state.done || waiting.includes(jobId)) return;
  waiting.push(jobId);
  update(e, (s) => ({ ...s, connection: "waiting-for-slot" }));
  pump();
}

/** Follows a video's processing while anyone listens (a short grace period keeps it across page changes). */
export function subscribeProcessing(jobId: string, selected: readonly string[], listener: () => void): () => void {
  const e = entryFor(jobId, selected);
  e.listeners.add(listener);
  e.refs++;
  if (e.stopTimer) clearTimeout(e.stopTimer);
  e.stopTimer = null;
  start(jobId, e);
  return () => {
    e.listeners.delete(listener);
    e.refs--;
    if (e.refs > 0) return;
    e.stopTimer = setTimeout(() => {
      if (e.refs > 0) return;
      e.controller?.abort();
      const i = waiting.indexOf(jobId);
      if (i >= 0) waiting.splice(i, 1);
    }, 5000);
  };
}

export function getProcessingState(jobId: string, selected: readonly string[]): ProcessingState {
  return entryFor(jobId, selected).state;
}

/** Forget a finished run (a new one was started): the next subscriber follows the new run. */
export function resetProcessing(jobId: string, selected: readonly string[]) {
  const e = entries.get(jobId);
  if (!e) return;
  e.controller?.abort();
  e.controller = null;
  update(e, () => blank(jobId, selected));
  if (e.refs > 0) start(jobId, e);
}
