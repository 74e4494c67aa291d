// Background re-embedding: when the configured embedding model changes (a key is added or
// removed, OPENAI_EMBEDDING_MODEL changes, or an older install used the lexical hash), the
// segments whose vectors another model made are embedded again with the current one, in small
// batches, oldest id first. The state lives in the rows themselves (embedding_model), so it
// resumes after a restart where it stopped, and search keeps working meanwhile: each vector is
// compared with a query embedded by its own model until it is replaced. Progress per user:
// GET /api/search/embeddings.
import type { Db } from "@/db/client";
import { clearSegmentVectors, embeddingCounts, staleSegments, writeSegmentVectors } from "@/db/queries/embeddings";
import { currentEmbeddingModel, embedTexts } from "@/lib/ai/embeddings";
import { errorCause } from "@/lib/core/error-facts";
import { logger } from "@/lib/log/logger";

const log = logger("reembed");

const BATCH = 64;
/** Pause between batches, so searches and pipeline writes get their turn. */
const PAUSE_MS = 20;
/** After a failure (model unreachable), try again this much later. */
const RETRY_MS = 30_000;
/** When idle, look again this often (a vector written by a fallback model appears later). */
const IDLE_CHECK_MS = 60_000;

export interface ReembedState {
  model: string;
  running: boolean;
  /** Segments re-embedded by this process since it started. */
  done: number;
  lastError: string | null;
  timer?: NodeJS.Timeout;
  /** The batch under way, which stopReembedding() waits for. */
  current?: Promise<void>;
  stop?: AbortController;
}

const g = globalThis as { __vaReembed?: ReembedState };

export function reembedState(): ReembedState {
  return (g.__vaReembed ??= { model: currentEmbeddingModel(), running: false, done: 0, lastError: null });
}

/** One batch: answers how many segments it handled (0 = nothing left for the current model). */
export async function reembedBatch(db: Db, opts: { batch?: number; signal?: AbortSignal } = {}): Promise<number> {
  const model = currentEmbeddingModel();
  const rows = await staleSegments(db, { model, limit: opts.batch ?? BATCH });
  if (!rows.length) return 0;
  const { vectors } = await embedTexts(rows.map((r) => r.content), { model, signal: opts.signal });
  const pairs = rows.flatMap((r, i) => (vectors[i] ? [{ id: r.id, vector: vectors[i]! }] : []));
  await writeSegmentVectors(db, { model, vectors: pairs, replacing: true });
  await clearSegmentVectors(db, rows.filter((_, i) => !vectors[i]).map((r) => r.id));
  return rows.length;
}

/** Re-embeds everything that needs it, then resolves (tests, the CLI). */
export async function reembedAll(db: Db, opts: { batch?: number; signal?: AbortSignal } = {}): Promise<number> {
  let total = 0;
  for (let n = await reembedBatch(db, opts); n > 0; n = await reembedBatch(db, opts)) total += n;
  return total;
}

/** Starts the background loop once per process (boot). */
export function startReembedding(db: Db): ReembedState {
  const state = reembedState();
  if (state.timer || state.running) return state;
  const stop = (state.stop = new AbortController());
  const schedule = (ms: number) => {
    if (stop.signal.aborted) return;
    state.timer = setTimeout(() => void (state.current = tick().finally(() => (state.current = undefined))), ms);
    state.timer.unref();
  };
  const tick = async () => {
    state.timer = undefined;
    state.model = currentEmbeddingModel();
    state.running = true;
    try {
      const n = await reembedBatch(db, { signal: stop.signal });
      state.done += n;
      state.lastError = null;
      if (n > 0) return schedule(PAUSE_MS);
      if (state.done) log.info({ model: state.model, reembedded: state.done }, `all vectors are ${state.model}'s (${state.done} re-embedded)`);
      state.running = false;
      schedule(IDLE_CHECK_MS);
    } catch (err) {
      state.running = false;
      if (stop.signal.aborted) return;
      state.lastError = errorCause(err);
      log.warn(`${state.lastError}; trying again in ${RETRY_MS / 1000} s`);
      schedule(RETRY_MS);
    }
  };
  schedule(0);
  return state;
}

/** Stops the loop (shutdown): no batch after this, and the one under way is aborted and awaited. */
export async function stopReembedding(): Promise<void> {
  const state = reembedState();
  state.stop?.abort();
  if (state.timer) clearTimeout(state.timer);
  state.timer = undefined;
  await state.current;
}

export interface EmbeddingStatus {
  model: string;
  /** The caller's segments with a vector. */
  segments: number;
  /** …made by the current model. */
  current: number;
  /** …still to re-embed. */
  pending: number;
  /** Whether this process is re-embedding now. */
  running: boolean;
  last_error: string | null;
}

export async function embeddingStatus(db: Db, userId: string): Promise<EmbeddingStatus> {
  const state = reembedState();
  const model = currentEmbeddingModel();
  const counts = await embeddingCounts(db, { model, userId });
  return {
    model,
    segments: counts.total,
    current: counts.current,
    pending: counts.total - counts.current,
    running: state.running && counts.total > counts.current,
    last_error: state.lastError,
  };
}
