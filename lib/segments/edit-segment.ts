// Corrections: an owner changes a segment's content or metadata, or brings an earlier revision
// back. Each change is a new revision; the first one also stores the machine's original as
// revision 0. The segment row itself holds the current text, so every reader (results, reports,
// captions, chat, shared reports) sees the edit at once; search gets a new vector before the
// answer (reembed-segment.ts), and the offline summary is made again from the corrected words
// (refresh-summary.ts). Another user's or an unknown segment is 404 `Segment not found`
// (the video's own 404 first).
import type { Db } from "@/db/client";
import { getRevision, getSegment, insertRevision, listRevisions, updateSegmentText } from "@/db/queries/segment-edits";
import { badRequest, notFound } from "@/lib/core/errors";
import { isoTime } from "@/lib/core/iso-time";
import { toSegmentResponse } from "@/lib/schemas/results";
import { requireVideo } from "@/lib/videos/video-ops";
import { reembedSegment } from "./reembed-segment";
import { refreshOfflineSummary, SUMMARY_SOURCES } from "./refresh-summary";

type Ids = { userId: string; jobId: string; segmentId: string };
type SegmentRead = NonNullable<Awaited<ReturnType<typeof getSegment>>>;

function editedResponse(row: SegmentRead) {
  return { ...toSegmentResponse(row), edited: row.edited, revision: row.revision };
}

function checkMetadata(metadata: string | null): void {
  if (metadata === null) return;
  try {
    JSON.parse(metadata);
  } catch {
    throw badRequest("metadata: must be JSON text (or null)");
  }
}

async function requireSegment(db: Db, params: Ids): Promise<SegmentRead> {
  await requireVideo(db, params);
  const segment = await getSegment(db, params);
  if (!segment) throw notFound("Segment");
  return segment;
}

/** Writes `next` as the segment's new revision (in one transaction with its row lock); re-embeds when the words changed. */
async function writeRevision(
  db: Db,
  params: Ids & { next: (current: SegmentRead) => { content: string; metadata: string | null; edited: boolean } | null },
) {
  const result = await db.transaction(async (tx) => {
    const current = await getSegment(tx, { ...params, forUpdate: true });
    if (!current) throw notFound("Segment");
    const next = params.next(current);
    if (!next) return { row: current, contentChanged: false };
    if (current.revision === 0) {
      await insertRevision(tx, {
        segmentId: current.id,
        userId: params.userId,
        revision: 0,
        content: current.content,
        metadata: current.metadata,
        editedBy: null,
        createdAt: current.createdAt,
      });
    }
    const revision = current.revision + 1;
    await insertRevision(tx, { segmentId: current.id, userId: params.userId, revision, content: next.content, metadata: next.metadata, editedBy: params.userId });
    const row = await updateSegmentText(tx, { userId: params.userId, segmentId: current.id, revision, ...next });
    if (!row) throw notFound("Segment");
    return { row, contentChanged: row.content !== current.content };
  });
  if (result.contentChanged) {
    await reembedSegment(db, { userId: params.userId, segmentId: result.row.id, content: result.row.content });
    // The offline summary quotes and names what is said, written and seen: it is made again.
    if (SUMMARY_SOURCES.has(result.row.module)) {
      const video = await requireVideo(db, params);
      await refreshOfflineSummary(db, { userId: params.userId, jobId: params.jobId, videoId: video.id, duration: video.duration });
    }
  }
  return editedResponse(result.row);
}

export async function editSegment(db: Db, params: Ids & { content?: string; metadata?: string | null }) {
  // Another user's segment is 404 whatever the body (never revealing that it exists), then the body.
  await requireSegment(db, params);
  if (params.content === undefined && params.metadata === undefined) throw badRequest("body: give content or metadata (or both)");
  if (params.metadata !== undefined) checkMetadata(params.metadata);
  return writeRevision(db, {
    ...params,
    next: (current) => ({
      content: params.content ?? current.content,
      metadata: params.metadata !== undefined ? params.metadata : current.metadata,
      edited: true,
    }),
  });
}

/** Newest first; a segment never edited has only its machine original, revision 0. */
export async function segmentRevisions(db: Db, params: Ids) {
  const segment = await requireSegment(db, params);
  const rows = await listRevisions(db, params);
  if (!rows.length) {
    return [{ revision: 0, content: segment.content, metadata: segment.metadata, edited_by: null, created_at: isoTime(segment.createdAt) }];
  }
  return rows.map((r) => ({ revision: r.revision, content: r.content, metadata: r.metadata, edited_by: r.editedBy, created_at: isoTime(r.createdAt) }));
}

/** Brings a revision's text back as a new revision; revision 0 makes the segment the machine's output again. */
export async function restoreRevision(db: Db, params: Ids & { revision: string }) {
  const segment = await requireSegment(db, params);
  const number = /^\d{1,9}$/.test(params.revision) ? Number(params.revision) : -1;
  if (number < 0) throw notFound("Revision");
  if (segment.revision === 0) {
    // Never edited: only the machine's original exists, and it is what the segment holds.
    if (number !== 0) throw notFound("Revision");
    return editedResponse(segment);
  }
  const target = await getRevision(db, { userId: params.userId, segmentId: segment.id, revision: number });
  if (!target) throw notFound("Revision");
  return writeRevision(db, {
    ...params,
    next: () => ({ content: target.content, metadata: target.metadata, edited: number !== 0 }),
  });
}
