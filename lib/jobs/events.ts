// Writing a run's events: rows the SSE route streams (and wakes local subscribers at once), and
// the webhook deliveries they cause.
import type { Db } from "@/db/client";
import { insertEvent, type RunEvent } from "@/db/queries/runs";
import { enqueueRunEvent } from "@/lib/webhooks/enqueue";
import { processSingleton } from "@/lib/core/process-singleton";

type Listener = (e: RunEvent) => void;
const listeners = processSingleton<Set<Listener>>("__vaEventListeners", () => new Set<Listener>());

export function onLocalEvent(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export async function emitEvent(
  db: Db,
  params: { runId: string; jobId: string; type: string; data?: Record<string, unknown> },
): Promise<void> {
  const row = await insertEvent(db, params);
  for (const l of listeners) l(row);
  await enqueueRunEvent(db, row);
}
