// A run event as clients see it, in the SSE stream and in webhook messages alike: its type, the
// video's job id and the event's own fields. A file of its own so the webhook queue need not
// import the SSE stream (which imports the event hub, which imports the event writer: a circle).
import type { RunEvent } from "@/db/queries/runs";

export function eventPayload(e: RunEvent): Record<string, unknown> {
  return { type: e.type, job_id: e.jobId, ...(e.data as Record<string, unknown>) };
}
