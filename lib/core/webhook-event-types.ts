// The webhook event types (import-free: the webhooks page uses the same list).
/** The processing stream's events (mirrored as they are), the outcome of a video, and the test. */
export const WEBHOOK_EVENT_TYPES = [
  "module_started",
  "module_progress",
  "import_progress",
  "module_completed",
  "chunks_planned",
  "chunk_completed",
  "done",
  "video.completed",
  "video.failed",
  "webhook.test",
  "clip.completed",
  "clip.failed",
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  module_started: "A module began",
  module_progress: "A module reported progress",
  import_progress: "An import by URL fetched more of the file (bytes so far)",
  module_completed: "A module finished (segment count, notes)",
  chunks_planned: "A long video was split into parts analysed in parallel (their time ranges)",
  chunk_completed: "A part of a long video is analysed: its range and provisional segments are readable",
  done: "The run ended (status)",
  "video.completed": "The video is analyzed: segment counts and links",
  "video.failed": "Processing failed: the error and links",
  "webhook.test": "Sent by “Send test event”",
  "clip.completed": "A clip is cut: its id, title, duration and links",
  "clip.failed": "Cutting a clip failed: the error",
};
