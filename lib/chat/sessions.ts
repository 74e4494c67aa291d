// Chat sessions of the caller, their messages, and ratings of answers. Another user's session is
// indistinguishable from a missing one: 404 `Chat session not found`.
import type { Db } from "@/db/client";
import {
  deleteSession,
  feedbackBelongsTo,
  findVideoByAnyId,
  getSession,
  insertMessage,
  insertSession,
  listMessages,
  listSessionFeedback,
  listSessions,
  updateSession,
  upsertFeedback,
  type ChatMessageRow,
  type ChatSessionRow,
  type FeedbackRow,
} from "@/db/queries/chat";
import { getProject } from "@/db/queries/projects";
import type { Video } from "@/db/schema";
import { badRequest, notFound } from "@/lib/core/errors";

async function requireVideoByAnyId(db: Db, params: { userId: string; videoId: string }): Promise<Video> {
  const video = await findVideoByAnyId(db, params);
  if (!video) throw notFound("Video");
  return video;
}

export async function requireSession(db: Db, params: { userId: string; sessionId: string }): Promise<ChatSessionRow> {
  const session = await getSession(db, params);
  if (!session) throw notFound("Chat session");
  return session;
}

async function requireProject(db: Db, params: { userId: string; projectId: string }) {
  const project = await getProject(db, params);
  if (!project) throw notFound("Project");
  return project;
}

/** The caller's sessions, most recently active first; `videoId` (job id or internal id) or `projectId` filters. */
export async function listUserSessions(db: Db, params: { userId: string; videoId?: string; projectId?: string }): Promise<ChatSessionRow[]> {
  const video = params.videoId !== undefined ? await requireVideoByAnyId(db, { userId: params.userId, videoId: params.videoId }) : undefined;
  const project = params.projectId !== undefined ? await requireProject(db, { userId: params.userId, projectId: params.projectId }) : undefined;
  return listSessions(db, { userId: params.userId, videoId: video?.id, projectId: project?.id });
}

export async function createSession(db: Db, params: { userId: string; videoId?: string; projectId?: string; title?: string }): Promise<ChatSessionRow> {
  if (params.videoId !== undefined && params.projectId !== undefined) throw badRequest("video_id, project_id: give one of them, not both");
  const video = params.videoId !== undefined ? await requireVideoByAnyId(db, { userId: params.userId, videoId: params.videoId }) : undefined;
  const project = params.projectId !== undefined ? await requireProject(db, { userId: params.userId, projectId: params.projectId }) : undefined;
  const id = await insertSession(db, { userId: params.userId, videoId: video?.id ?? null, projectId: project?.id ?? null, title: params.title });
  return requireSession(db, { userId: params.userId, sessionId: id });
}

export async function renameSession(db: Db, params: { userId: string; sessionId: string; title: string }): Promise<ChatSessionRow> {
  if (!(await updateSession(db, { userId: params.userId, sessionId: params.sessionId, set: { title: params.title } }))) {
    throw notFound("Chat session");
  }
  return requireSession(db, params);
}

export async function removeSession(db: Db, params: { userId: string; sessionId: string }): Promise<void> {
  if (!(await deleteSession(db, params))) throw notFound("Chat session");
}

export async function listSessionMessages(db: Db, params: { userId: string; sessionId: string }): Promise<ChatMessageRow[]> {
  const session = await requireSession(db, params);
  return listMessages(db, { sessionId: session.id });
}

/** Adds a message by hand (no agent). */
export async function addMessage(
  db: Db,
  params: { userId: string; sessionId: string; role: "user" | "assistant"; content: string; metadata?: string },
): Promise<ChatMessageRow> {
  const session = await requireSession(db, params);
  return insertMessage(db, { ...params, sessionId: session.id });
}

/** Rates an answer of one of the caller's sessions; rating it again replaces the rating. */
export async function rateAnswer(
  db: Db,
  params: { userId: string; feedbackId: string; rating: "up" | "down"; comment?: string },
): Promise<FeedbackRow> {
  if (!(await feedbackBelongsTo(db, params))) throw notFound("Feedback");
  return upsertFeedback(db, { ...params, comment: params.comment ?? null });
}

/** The ratings given to a session's answers (answers not rated yet have none). */
export async function listSessionRatings(db: Db, params: { userId: string; sessionId: string }): Promise<FeedbackRow[]> {
  const session = await requireSession(db, params);
  return listSessionFeedback(db, { sessionId: session.id });
}
