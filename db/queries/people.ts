// People of a video: their appearances are visualelements segments whose metadata has
// kind "person" (lib/analysis/people/segments.ts); names given to them live in video_people.
import { and, asc, eq, like } from "drizzle-orm";
import type { Db } from "../client";
import { segments, videoPeople } from "../schema";

/** A person's appearance segments carry `"kind":"person"` in their metadata text. */
const personMetadata = like(segments.metadata, '%"kind":"person"%');

/** The person appearance segments of a video, oldest first. */
export async function listPersonSegments(db: Db, params: { userId: string; jobId: string }) {
  return db
    .select({ id: segments.id, startTime: segments.startTime, endTime: segments.endTime, content: segments.content, metadata: segments.metadata })
    .from(segments)
    .where(and(eq(segments.jobId, params.jobId), eq(segments.userId, params.userId), eq(segments.module, "visualelements"), personMetadata))
    .orderBy(asc(segments.startTime));
}

/** Names given to a video's people (person_id → name). */
export async function listPeopleNames(db: Db, params: { userId: string; videoId: string }): Promise<Map<string, string>> {
  const rows = await db
    .select({ personId: videoPeople.personId, name: videoPeople.name })
    .from(videoPeople)
    .where(and(eq(videoPeople.videoId, params.videoId), eq(videoPeople.userId, params.userId)));
  return new Map(rows.map((r) => [r.personId, r.name]));
}

export async function upsertPersonName(db: Db, params: { userId: string; videoId: string; personId: string; name: string }) {
  await db
    .insert(videoPeople)
    .values({ videoId: params.videoId, userId: params.userId, personId: params.personId, name: params.name })
    .onConflictDoUpdate({ target: [videoPeople.videoId, videoPeople.personId], set: { name: params.name, updatedAt: new Date() } });
}

/** A new run groups people afresh (person-1 may be someone else): names given before are dropped. */
export async function deletePeopleNames(db: Db, params: { userId: string; videoId: string }) {
  await db.delete(videoPeople).where(and(eq(videoPeople.videoId, params.videoId), eq(videoPeople.userId, params.userId)));
}

/** Rewrites a person's appearance segments (content and metadata) and drops their vectors so they are embedded again. */
export async function rewritePersonSegment(db: Db, params: { userId: string; id: string; content: string; metadata: string }) {
  await db
    .update(segments)
    .set({ content: params.content, metadata: params.metadata, embedding: null, embeddingModel: null })
    .where(and(eq(segments.id, params.id), eq(segments.userId, params.userId)));
}
