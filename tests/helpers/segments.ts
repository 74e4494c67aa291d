// Videos with known segments, written straight into the database (no file, no run) and embedded
// by the pipeline's own embed step, for the suites about what is done with segments (search, chat).
import crypto from "node:crypto";
import { getDb } from "@/db/client";
import { insertSegments } from "@/db/queries/segments";
import { insertVideo } from "@/db/queries/videos";
import { embedJobSegments } from "@/lib/search/embed-segments";

/** A segment to seed; `end` defaults to `start` plus the video's `segmentSeconds`. */
export interface SeedSegment {
  module: string;
  start: number;
  end?: number;
  content: string;
}

export interface SeedVideoOptions {
  /** Default `v-<first 6 characters of the job id>.mp4`. */
  name?: string;
  /** Default "completed". */
  status?: string;
  duration: number;
  segmentSeconds: number;
  /** Stored as every segment's metadata. */
  metadata: string | null;
}

/** A video row of `owner` with these segments, embedded by the pipeline's embed step. */
export async function addEmbeddedVideo(
  owner: { user_id: string },
  segs: SeedSegment[],
  opts: SeedVideoOptions,
): Promise<{ jobId: string; videoId: string }> {
  const db = await getDb();
  const jobId = crypto.randomUUID();
  const video = await insertVideo(db, {
    userId: owner.user_id,
    jobId,
    name: opts.name ?? `v-${jobId.slice(0, 6)}.mp4`,
    storagePath: `users/${owner.user_id}/${jobId}.mp4`,
    status: opts.status ?? "completed",
    duration: opts.duration,
  });
  await insertSegments(
    db,
    segs.map((s) => ({
      videoId: video.id,
      jobId,
      userId: owner.user_id,
      module: s.module,
      content: s.content,
      startTime: s.start,
      endTime: s.end ?? s.start + opts.segmentSeconds,
      metadata: opts.metadata,
    })),
  );
  await embedJobSegments(db, { userId: owner.user_id, jobId });
  return { jobId, videoId: video.id };
}
