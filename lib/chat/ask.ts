// POST /chat/ask: answers a question about one video inside a chat session. Without session_id a
// session is created, titled from the question; with it the conversation continues and its last
// HISTORY_MESSAGES messages go to the model. Both the question and the answer are stored; the
// answer's metadata (JSON text) carries feedback_id, mode, model and the segments used.
import crypto from "node:crypto";
import type { Db } from "@/db/client";
import { findVideoByAnyId, getSession, insertMessage, insertSession, lastMessages, updateSession } from "@/db/queries/chat";
import type { Video } from "@/db/schema";
import { badRequest, notFound } from "@/lib/api/errors";
import type { ChatMode } from "@/lib/schemas/chat";
import { composeAnswer, type Answer, type HistoryMessage } from "./answer";
import { retrieveContext } from "./retrieve";
import { titleFromQuestion } from "./session-title";

/** Messages of the conversation so far that the model sees. */
export const HISTORY_MESSAGES = 10;

export interface AskParams {
  userId: string;
  /** Job id or internal id. */
  videoId: string;
  question: string;
  sessionId?: string;
  modules?: readonly string[];
  mode: ChatMode;
  signal?: AbortSignal;
}

export interface AskResult {
  answer: string;
  session_id: string;
  feedback_id: string;
}

/** The engine shared by ask and the enterprise askAgent: retrieve, then answer. */
export async function answerAboutVideo(
  db: Db,
  params: { userId: string; video: Video; question: string; modules?: readonly string[]; mode: ChatMode; history: readonly HistoryMessage[]; signal?: AbortSignal },
): Promise<Answer> {
  const retrieved = await retrieveContext(db, params);
  return composeAnswer({ question: params.question, video: params.video, retrieved, history: params.history, signal: params.signal });
}

export async function askQuestion(db: Db, params: AskParams): Promise<AskResult> {
  const question = params.question.trim();
  const video = await findVideoByAnyId(db, { userId: params.userId, videoId: params.videoId });
  if (!video) throw notFound("Video");

  let sessionId: string;
  let history: HistoryMessage[] = [];
  if (params.sessionId !== undefined) {
    const session = await getSession(db, { userId: params.userId, sessionId: params.sessionId });
    if (!session) throw notFound("Chat session");
    if (session.videoId && session.videoId !== video.id) throw badRequest("video_id: the session is about another video");
    if (!session.videoId) await updateSession(db, { userId: params.userId, sessionId: session.id, set: { videoId: video.id } });
    sessionId = session.id;
    history = (await lastMessages(db, { sessionId, count: HISTORY_MESSAGES })).map((m) => ({ role: m.role, content: m.content }));
  } else {
    sessionId = await insertSession(db, { userId: params.userId, videoId: video.id, title: titleFromQuestion(question) });
  }

  await insertMessage(db, { userId: params.userId, sessionId, role: "user", content: question });
  const answer = await answerAboutVideo(db, { ...params, video, question, history });
  const feedbackId = crypto.randomUUID();
  const metadata = {
    feedback_id: feedbackId,
    mode: params.mode,
    model: answer.model,
    segments_used: answer.segmentIds.length,
    segment_ids: answer.segmentIds,
    ...(answer.modelError ? { model_error: answer.modelError } : {}),
  };
  await insertMessage(db, {
    userId: params.userId,
    sessionId,
    role: "assistant",
    content: answer.text,
    metadata: JSON.stringify(metadata),
    feedbackId,
  });
  return { answer: answer.text, session_id: sessionId, feedback_id: feedbackId };
}
