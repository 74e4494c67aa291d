// GET /processing/{job_id}/events as a text/event-stream: the current run's events so far (after
// Last-Event-ID), then live ones, each with its `id:`; `: keepalive` every second; closes after
// `done`. A finished video answers its last run's stored events (so module notes can be read after
// the fact) and `done` at once; a video not started yet keeps the client waiting (keepalives)
// until a run ends. When the process stops (server/shutdown.ts), every open stream ends with a
// comment and a `retry:` hint instead of a cut: clients reconnect (to another process, or this one
// restarted) with Last-Event-ID and miss nothing.
import type { Db } from "@/db/client";
import { latestRunForJob, listRunEvents, type RunEvent } from "@/db/queries/runs";
import type { Video } from "@/db/schema";
import { eventHub } from "./event-hub";
import { eventPayload } from "./event-payload";
import { processSingleton } from "@/lib/core/process-singleton";

const encoder = new TextEncoder();

/** The reconnection delay a stopping process asks its clients for (SSE `retry:`, milliseconds). */
export const STOPPING_RETRY_MS = 2_000;
const STOPPING_TEXT = `: the server is stopping; reconnect with Last-Event-ID\nretry: ${STOPPING_RETRY_MS}\n\n`;
/** How long a stopping stream waits for its last bytes to be taken by the server before it closes. */
const HANG_UP_WAIT_MS = 500;

/** This process's open streams (each a hang-up), and whether it is stopping (new ones end at once). */
const open = processSingleton<{ hangUps: Set<() => Promise<void>>; stopping: boolean }>("__vaEventStreams", () => ({
  hangUps: new Set(),
  stopping: false,
}));

/** Shutdown: every open stream says `retry:` and ends (as does any opened from now on); answers how many. */
export async function endEventStreams(): Promise<number> {
  open.stopping = true;
  const hangUps = [...open.hangUps];
  await Promise.all(hangUps.map((h) => h()));
  return hangUps.length;
}

/**
 * `afterId` is the client's `Last-Event-ID`: every event carries its row id as `id:`, and a
 * reconnecting client gets only the events after the last one it saw.
 */
export function processingEventStream(
  db: Db,
  video: Video,
  signal: AbortSignal,
  keepaliveMs = 1000,
  afterId = 0,
): ReadableStream<Uint8Array> {
  let cleanup = () => {};
  /** Called when the server took what was enqueued (the stream's `pull`). */
  let taken: (() => void) | null = null;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      let lastId = afterId;
      let keepalive: NodeJS.Timeout | null = null;
      let unsubscribe: (() => void) | null = null;
      const hangUp = async () => {
        if (closed) return;
        const wrote = new Promise<void>((r) => (taken = r));
        write(STOPPING_TEXT);
        await Promise.race([wrote, new Promise((r) => setTimeout(r, HANG_UP_WAIT_MS).unref())]);
        cleanup();
      };
      cleanup = () => {
        if (closed) return;
        closed = true;
        open.hangUps.delete(hangUp);
        if (keepalive) clearInterval(keepalive);
        unsubscribe?.();
        signal.removeEventListener("abort", cleanup);
        try {
          controller.close();
        } catch {
          /* already closed by the client */
        }
      };
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const send = (e: RunEvent) => {
        if (closed || e.id <= lastId) return;
        lastId = e.id;
        write(`id: ${e.id}\ndata: ${JSON.stringify(eventPayload(e))}\n\n`);
        if (e.type === "done") cleanup();
      };
      if (signal.aborted) return cleanup();
      signal.addEventListener("abort", cleanup);
      if (open.stopping) return void hangUp();
      open.hangUps.add(hangUp);

      if (video.status === "completed" || video.status === "failed") {
        const run = await latestRunForJob(db, video.jobId);
        const stored = run ? await listRunEvents(db, { runId: run.id }) : [];
        for (const e of stored) if (e.type !== "done") send(e);
        // The run's own `done` row gives the id (a run without one: its last event's id).
        const doneRow = stored.find((e) => e.type === "done");
        if (!doneRow || doneRow.id > afterId) {
          write(`id: ${doneRow?.id ?? stored.at(-1)?.id ?? 0}\ndata: ${JSON.stringify({ type: "done", job_id: video.jobId, status: video.status, ...(video.error ? { error: video.error } : {}) })}\n\n`);
        }
        return cleanup();
      }
      // Subscribe before reading what is stored, so nothing falls between the two.
      const pending: RunEvent[] = [];
      let replaying = true;
      unsubscribe = await eventHub(db).subscribe(video.jobId, (e) => (replaying ? pending.push(e) : send(e)));
      if (closed) return unsubscribe();
      keepalive = setInterval(() => write(": keepalive\n\n"), keepaliveMs);
      keepalive.unref?.();
      write(": connected\n\n");
      if (video.status === "importing" || video.status === "queued" || video.status === "processing") {
        const run = await latestRunForJob(db, video.jobId);
        if (run) for (const e of await listRunEvents(db, { runId: run.id })) send(e);
      }
      replaying = false;
      for (const e of pending.sort((a, b) => a.id - b.id)) send(e);
    },
    pull() {
      taken?.();
      taken = null;
    },
    cancel() {
      cleanup();
    },
  });
}

export function sseResponse(stream: ReadableStream<Uint8Array>): Response {
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
