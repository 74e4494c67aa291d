// Turns a run event into webhook messages for the video owner's endpoints (a subscriber of run
// events, lib/jobs/events.ts): the event as the processing stream shows it, and at `done` also
// `video.completed` / `video.failed` with segment counts and links. Payloads follow Standard
// Webhooks: {type, timestamp, data}.
import type { Db } from "@/db/client";
import type { RunEvent } from "@/db/queries/runs";
import { countSegmentsByModule, enqueueDeliveries, videoForEvents } from "@/db/queries/webhooks";
import { env } from "@/lib/env";
import { isoTime } from "@/lib/core/iso-time";
import { eventPayload } from "@/lib/jobs/event-payload";
import { subscribeRunEvents } from "@/lib/jobs/events";
import { wakeWebhookDispatchers } from "./wake";
import { logger } from "@/lib/log/logger";

const log = logger("webhooks");

export function videoLinks(jobId: string): Record<string, string> {
  const base = env().APP_URL;
  return {
    app: `${base}/videos/${jobId}`,
    status: `${base}/api/processing/${jobId}/status`,
    results: `${base}/api/results/job/${jobId}`,
    video: `${base}/api/videos/${jobId}`,
  };
}

export function messageBody(type: string, at: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: isoTime(at) + "Z", data });
}

async function videoOutcome(db: Db, e: RunEvent): Promise<{ type: string; data: Record<string, unknown> } | null> {
  const video = await videoForEvents(db, e.jobId);
  if (!video) return null;
  const data = e.data as { status?: string; error?: string };
  const status = data.status === "completed" ? "completed" : "failed";
  const counts = await countSegmentsByModule(db, { userId: video.userId, jobId: e.jobId });
  return {
    type: status === "completed" ? "video.completed" : "video.failed",
    data: {
      job_id: e.jobId,
      name: video.name,
      status,
      ...(status === "failed" ? { error: data.error ?? video.error ?? "Processing failed" } : {}),
      segment_counts: counts,
      total_segments: Object.values(counts).reduce((a, b) => a + b, 0),
      links: videoLinks(e.jobId),
    },
  };
}

/** Queues the deliveries of one run event; never throws (a webhook problem must not fail a run). */
export async function enqueueRunEvent(db: Db, e: RunEvent): Promise<void> {
  try {
    const queued = await enqueueDeliveries(db, {
      jobId: e.jobId,
      eventType: e.type,
      eventId: e.id,
      payload: messageBody(e.type, e.createdAt, eventPayload(e)),
    });
    if (queued) wakeWebhookDispatchers();
    if (e.type !== "done") return;
    const outcome = await videoOutcome(db, e);
    if (!outcome) return;
    const more = await enqueueDeliveries(db, {
      jobId: e.jobId,
      eventType: outcome.type,
      eventId: e.id,
      payload: messageBody(outcome.type, e.createdAt, outcome.data),
    });
    if (more) wakeWebhookDispatchers();
  } catch (err) {
    log.error({ err, eventId: e.id }, `queueing deliveries for event ${e.id} failed`);
  }
}

/** Queues the deliveries of every run event this process writes from now on (the dispatcher's start calls it). */
export function subscribeWebhooksToRunEvents(): void {
  subscribeRunEvents("webhooks", enqueueRunEvent);
}
