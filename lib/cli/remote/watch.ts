// Following a video's processing over GET /processing/{job_id}/events until `done`: a progress
// bar per module (module_started → module_progress percent → module_completed with its segment
// count). A dropped stream reconnects with Last-Event-ID and gets only what it missed.
import { ApiClientError, unwrapResponse } from "@/lib/client/typed-client";
import { createSseParser } from "@/lib/client/sse-parser";
import type { RemoteContext } from "./context";
import type { ProgressBoard } from "./progress";
import { plural } from "@/lib/core/words";

export interface DoneEvent {
  status: string;
  error?: string | null;
  /** module → segments made in this run. */
  segments: Record<string, number>;
}

interface RunEvent {
  type: string;
  module?: string;
  percent?: number;
  segments?: number;
  /** module_started: false for a module run only because a chosen one builds on it (its segments are not kept). */
  selected?: boolean;
  status?: string;
  error?: string | null;
}

const RECONNECTS = 5;

export async function watchProcessing(ctx: RemoteContext, jobId: string, label: string, board: ProgressBoard): Promise<DoneEvent> {
  const segments: Record<string, number> = {};
  let lastEventId: string | null = null;
  let done: DoneEvent | null = null;
  const id = (m: string) => `${jobId}:${m}`;
  const name = (m: string) => `${label} · ${m}`;
  // Modules run only for another one: their bar says so, and they are not among the counts.
  const prerequisites = new Set<string>();
  const onEvent = (e: RunEvent) => {
    const m = e.module;
    if (e.type === "module_started" && m) {
      if (e.selected === false) prerequisites.add(m);
      board.update(id(m), name(m), 0, "started");
    } else if (e.type === "module_progress" && m) board.update(id(m), name(m), (e.percent ?? 0) / 100);
    else if (e.type === "module_completed" && m) {
      const n = e.segments ?? 0;
      if (prerequisites.has(m)) board.end(id(m), name(m), "done (used by another module, not kept)");
      else {
        segments[m] = n;
        board.end(id(m), name(m), plural(n, "segment"));
      }
    } else if (e.type === "done") done = { status: e.status ?? "unknown", error: e.error ?? null, segments };
  };
  for (let attempt = 0; !done; attempt++) {
    const headers: Record<string, string> = { Accept: "text/event-stream" };
    if (lastEventId) headers["Last-Event-ID"] = lastEventId;
    try {
      const res = await unwrapResponse(ctx.api.GET("/processing/{job_id}/events", { params: { path: { job_id: jobId } }, headers, parseAs: "stream" }));
      const parse = createSseParser((data, eventId) => {
        if (eventId) lastEventId = eventId;
        try {
          onEvent(JSON.parse(data) as RunEvent);
        } catch {
          /* not an event of ours */
        }
      });
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      try {
        while (!done) {
          const { value, done: ended } = await reader.read();
          if (ended) break;
          parse(value);
        }
      } finally {
        reader.cancel().catch(() => {});
      }
    } catch (err) {
      // A refused request (404, 401) is final; a dropped connection is retried.
      if (!(err instanceof TypeError) && (err as { status?: number }).status !== 0) throw err;
      if (attempt >= RECONNECTS) throw err;
    }
    if (!done && attempt >= RECONNECTS) throw new ApiClientError(0, `The event stream of ${jobId} kept closing before the run ended`);
    if (!done) await new Promise((r) => setTimeout(r, Math.min(5000, 250 * 2 ** attempt)));
  }
  return done;
}
