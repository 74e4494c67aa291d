// A video's states, in the order a run moves through them. No imports: the database queries,
// the API schemas and the browser's filters all use this one list.
// `importing`: created by POST /videos/import while the file is fetched from its URL (then `uploaded`, `queued`, …).
export const VIDEO_STATUSES = ["importing", "uploaded", "queued", "processing", "completed", "failed"] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
