// GET /processing/{job_id}/events as a text/event-stream: the current run's events so far (after
// Last-Event-ID), then live ones, each with its `id:`; `: keepalive` every second; closes after
// `done`. A finished video answers its last run's stored events (so module notes can be read after
// the fact) and `done` at once; a video not started yet keeps the client waiting (keepalives)
// until a run ends.
import type { Db } from "@/db/client";
import { latestRunForJob, listRunEvents, type RunEvent } from "@/db/queries/runs";
import type { Video } from "@/db/schema";
import { eventHub } from "./event-hub";
import { eventPayload } from "./event-payload";

const encoder = new TextEncoder();

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
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      let lastId = afterId;
      let keepalive: NodeJS.Timeout | null = null;
      let unsubscribe: (() => void) | null = null;
      cleanup = () => {
        if (closed) return;
        closed = true;
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
