// Writing a run's events: rows the SSE route streams. Local listeners (the event hub) hear each
// row at once; subscribers (the webhook queue, lib/webhooks/enqueue.ts) handle each before
// emitEvent resolves, so what they queue is written by the time the run goes on.
import type { Db } from "@/db/client";
import { insertEvent, type RunEvent } from "@/db/queries/runs";
import { processSingleton } from "@/lib/core/process-singleton";
import { logger } from "@/lib/log/logger";

const log = logger("events");

type Listener = (e: RunEvent) => void;
const listeners = processSingleton<Set<Listener>>("__vaEventListeners", () => new Set<Listener>());

export function onLocalEvent(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

type Subscriber = (db: Db, e: RunEvent) => Promise<void>;
const subscribers = processSingleton<Map<string, Subscriber>>("__vaEventSubscribers", () => new Map<string, Subscriber>());

/**
 * Hands every run event written in this process to `fn` (awaited by emitEvent; a subscriber that
 * throws is logged and never fails the run). One subscription per `name`: subscribing again replaces it.
 */
export function subscribeRunEvents(name: string, fn: Subscriber): () => void {
  subscribers.set(name, fn);
  return () => {
    if (subscribers.get(name) === fn) subscribers.delete(name);
  };
}

export async function emitEvent(
  db: Db,
  params: { runId: string; jobId: string; type: string; data?: Record<string, unknown> },
): Promise<void> {
  const row = await insertEvent(db, params);
  for (const l of listeners) l(row);
  for (const [name, fn] of subscribers) {
    try {
      await fn(db, row);
    } catch (err) {
      log.error({ err, eventId: row.id, subscriber: name }, `the ${name} subscriber failed on event ${row.id}`);
    }
  }
}
