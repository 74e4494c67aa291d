// Chat sessions, their messages and answer feedback, scoped to their owner. Messages are stamped
// with clock_timestamp() so two written in one transaction still keep their order.
import { and, asc, desc, eq, getTableColumns, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { chatFeedback, chatMessages, chatSessions, projects, videos, type Video } from "../schema";
import { isUuid } from "@/lib/core/uuid";

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type FeedbackRow = typeof chatFeedback.$inferSelect;
export interface ChatSessionRow {
  id: string;
  userId: string;
  videoId: string | null;
  jobId: string | null;
  videoName: string | null;
  /** A session about a whole project (then videoId is null). */
  projectId: string | null;
  projectName: string | null;
  title: string;
  messageCount: number;
  lastMessage: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The owner's video by job id or internal id. */
export async function findVideoByAnyId(db: Db, params: { userId: string; videoId: string }): Promise<Video | null> {
  if (!isUuid(params.videoId)) return null;
  const id = params.videoId.toLowerCase();
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.userId, params.userId), or(eq(videos.jobId, id), eq(videos.id, id))))
    .limit(1);
  return row ?? null;
}

function sessionSelect(db: Db) {
  return db
    .select({
      id: chatSessions.id,
      userId: chatSessions.userId,
      videoId: chatSessions.videoId,
      jobId: videos.jobId,
      videoName: videos.name,
      projectId: chatSessions.projectId,
      projectName: projects.name,
      title: chatSessions.title,
      messageCount: sql<number>`(SELECT count(*) FROM ${chatMessages} WHERE ${chatMessages.sessionId} = ${chatSessions.id})::int`,
      lastMessage: sql<string | null>`(SELECT ${chatMessages.content} FROM ${chatMessages} WHERE ${chatMessages.sessionId} = ${chatSessions.id}
        ORDER BY ${chatMessages.createdAt} DESC, ${chatMessages.id} DESC LIMIT 1)`,
      createdAt: chatSessions.createdAt,
      updatedAt: chatSessions.updatedAt,
    })
    .from(chatSessions)
    .leftJoin(videos, eq(videos.id, chatSessions.videoId))
    .leftJoin(projects, eq(projects.id, chatSessions.projectId));
}

function normalize(r: ChatSessionRow): ChatSessionRow {
  return { ...r, messageCount: Number(r.messageCount) };
}

export async function listSessions(db: Db, params: { userId: string; videoId?: string; projectId?: string }): Promise<ChatSessionRow[]> {
  const rows = await sessionSelect(db)
    .where(
      and(
        eq(chatSessions.userId, params.userId),
        params.videoId ? eq(chatSessions.videoId, params.videoId) : undefined,
        params.projectId ? eq(chatSessions.projectId, params.projectId) : undefined,
      ),
    )
    .orderBy(desc(chatSessions.updatedAt), desc(chatSessions.id));
  return rows.map(normalize);
}

export async function getSession(db: Db, params: { userId: string; sessionId: string }): Promise<ChatSessionRow | null> {
  if (!isUuid(params.sessionId)) return null;
  const [row] = await sessionSelect(db)
    .where(and(eq(chatSessions.id, params.sessionId), eq(chatSessions.userId, params.userId)))
    .limit(1);
  return row ? normalize(row) : null;
}

export async function insertSession(
  db: Db,
  values: { userId: string; videoId: string | null; projectId?: string | null; title?: string },
): Promise<string> {
  const [row] = await db
    .insert(chatSessions)
    .values({
      userId: values.userId,
      videoId: values.videoId,
      projectId: values.projectId ?? null,
      ...(values.title !== undefined ? { title: values.title } : {}),
    })
    .returning({ id: chatSessions.id });
  return row!.id;
}

/** Sets fields of the owner's session (and updated_at); false when it is not theirs. */
export async function updateSession(
  db: Db,
  params: { userId: string; sessionId: string; set: { title?: string; videoId?: string; projectId?: string } },
): Promise<boolean> {
  if (!isUuid(params.sessionId)) return false;
  const rows = await db
    .update(chatSessions)
    .set({ ...params.set, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(chatSessions.id, params.sessionId), eq(chatSessions.userId, params.userId)))
    .returning({ id: chatSessions.id });
  return rows.length > 0;
}

/** Deletes the owner's session; its messages go with it (foreign key cascade). */
export async function deleteSession(db: Db, params: { userId: string; sessionId: string }): Promise<boolean> {
  if (!isUuid(params.sessionId)) return false;
  const rows = await db
    .delete(chatSessions)
    .where(and(eq(chatSessions.id, params.sessionId), eq(chatSessions.userId, params.userId)))
    .returning({ id: chatSessions.id });
  return rows.length > 0;
}

/** Messages of a session the caller already owns (check with getSession first), oldest first. */
export async function listMessages(db: Db, params: { sessionId: string }): Promise<ChatMessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, params.sessionId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
}

/** The last `count` messages of a session, oldest first. */
export async function lastMessages(db: Db, params: { sessionId: string; count: number }): Promise<ChatMessageRow[]> {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.sessionId, params.sessionId))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(params.count);
  return rows.reverse();
}

/** Adds a message to a session the caller owns and marks the session active. */
export async function insertMessage(
  db: Db,
  values: { userId: string; sessionId: string; role: "user" | "assistant"; content: string; metadata?: string | null; feedbackId?: string },
): Promise<ChatMessageRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatMessages)
      .values({
        sessionId: values.sessionId,
        role: values.role,
        content: values.content,
        metadata: values.metadata ?? null,
        feedbackId: values.feedbackId ?? null,
        createdAt: sql`clock_timestamp()`,
      })
      .returning();
    await tx
      .update(chatSessions)
      .set({ updatedAt: sql`clock_timestamp()` })
      .where(and(eq(chatSessions.id, values.sessionId), eq(chatSessions.userId, values.userId)));
    return row!;
  });
}

/** Whether `feedbackId` names an answer in one of the owner's sessions. */
export async function feedbackBelongsTo(db: Db, params: { userId: string; feedbackId: string }): Promise<boolean> {
  if (!isUuid(params.feedbackId)) return false;
  const rows = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(and(eq(chatMessages.feedbackId, params.feedbackId.toLowerCase()), eq(chatSessions.userId, params.userId)))
    .limit(1);
  return rows.length > 0;
}

/** Records (or replaces) the rating of an answer. */
export async function upsertFeedback(
  db: Db,
  values: { userId: string; feedbackId: string; rating: string; comment: string | null },
): Promise<FeedbackRow> {
  const [row] = await db
    .insert(chatFeedback)
    .values({ feedbackId: values.feedbackId.toLowerCase(), userId: values.userId, rating: values.rating, comment: values.comment })
    .onConflictDoUpdate({ target: chatFeedback.feedbackId, set: { rating: values.rating, comment: values.comment } })
    .returning();
  return row!;
}

/** Ratings of the answers of a session the caller already owns, in the answers' order. */
export async function listSessionFeedback(db: Db, params: { sessionId: string }): Promise<FeedbackRow[]> {
  return db
    .select(getTableColumns(chatFeedback))
    .from(chatFeedback)
    .innerJoin(chatMessages, eq(chatMessages.feedbackId, chatFeedback.feedbackId))
    .where(eq(chatMessages.sessionId, params.sessionId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id));
}
