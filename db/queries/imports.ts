// Imports by URL: the request (what to fetch, what to queue after) beside its run, a
// `processing_runs` row with engine `import` that the import worker claims and leases like the
// embedded runner claims its runs (db/queries/runs.ts).
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../client";
import { videoImports, videos, type Video, type VideoImport } from "../schema";

export type { VideoImport };

export async function insertImport(db: Db, values: typeof videoImports.$inferInsert): Promise<VideoImport> {
  const [row] = await db.insert(videoImports).values(values).returning();
  return row!;
}

export async function getImport(db: Db, runId: string): Promise<VideoImport | null> {
  const [row] = await db.select().from(videoImports).where(eq(videoImports.runId, runId)).limit(1);
  return row ?? null;
}

/** The fetched file arrived: the video leaves `importing` for `uploaded` with what was probed. */
export async function markImported(db: Db, params: { userId: string; jobId: string; duration: number; fileSize: number }): Promise<Video | null> {
  const [row] = await db
    .update(videos)
    .set({ status: "uploaded", duration: params.duration, fileSize: params.fileSize, error: null, updatedAt: new Date() })
    .where(and(eq(videos.jobId, params.jobId), eq(videos.userId, params.userId), eq(videos.status, "importing")))
    .returning();
  return row ?? null;
}

/** The import (or the start after it) failed: the video ends `failed` with the reason. */
export async function markImportFailed(db: Db, params: { userId: string; jobId: string; error: string }): Promise<Video | null> {
  const [row] = await db
    .update(videos)
    .set({ status: "failed", error: params.error, updatedAt: new Date() })
    .where(and(eq(videos.jobId, params.jobId), eq(videos.userId, params.userId), inArray(videos.status, ["importing", "uploaded"])))
    .returning();
  return row ?? null;
}
