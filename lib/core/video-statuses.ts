// A video's states, in the order a run moves through them. No imports: the database queries,
// the API schemas and the browser's filters all use this one list.
export const VIDEO_STATUSES = ["uploaded", "queued", "processing", "completed", "failed"] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
