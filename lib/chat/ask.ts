// POST /chat/ask: answers a question about one video — or all videos of a project — inside a chat
// session. Without session_id a session is created, titled from the question; with it the
// conversation continues and its last HISTORY_MESSAGES messages go to the model. Both the question
// and the answer are stored; the answer's metadata (JSON text) carries feedback_id, mode, model,
// the segments used and the cited moments (citations: job_id, video_name, start_time).
import crypto from "node:crypto";
import type { Db } from "@/db/client";
import { findVideoByAnyId, getSession, insertMessage, insertSession, lastMessages, updateSession } from "@/db/queries/chat";
import { getProject } from "@/db/queries/projects";
import { listVideos } from "@/db/queries/videos";
import type { Video } from "@/db/schema";
import { badRequest, notFound } from "@/lib/core/errors";
import { QueryVectors } from "@/lib/search/query-vectors";
import type { ChatMode } from "@/lib/schemas/chat";
import { composeAnswer, type Answer, type HistoryMessage } from "./answer";
import { asksOnlyForm, questionTopic } from "./intent";
import { streamComposedAnswer } from "./answer-stream";
import type { Citation } from "./citations";
import { retrieveContext } from "./retrieve";
import { titleFromQuestion } from "./session-title";

/** Messages of the conversation so far that the model sees. */
export const HISTORY_MESSAGES = 10;

export interface AskParams {
  userId: string;
  /** Job id or internal id (or projectId, or a session_id that names either). */
  videoId?: string;
  /** Ask about all videos of this project. */
  projectId?: string;
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
  citations: Citation[];
}

/** The engine shared by ask and the enterprise askAgent: retrieve, then answer. */
export async function answerAboutVideo(
  db: Db,
  params: { userId: string; video: Video; question: string; modules?: readonly string[]; mode: ChatMode; history: readonly HistoryMessage[]; signal?: AbortSignal },
): Promise<Answer> {
  return answerAbout(db, { ...params, videos: [params.video] });
}

/** Retrieve over the videos (one, or a project's), then answer. */
export async function answerAbout(
  db: Db,
  params: {
    userId: string;
    videos: readonly Video[];
    /** The one video of a one-video session (its name, duration and status go to the model). */
    video?: Video;
    question: string;
    modules?: readonly string[];
    mode: ChatMode;
    history: readonly HistoryMessage[];
    signal?: AbortSignal;
    /** The question's vectors, if embedding it has started already. */
    vectors?: QueryVectors;
  },
): Promise<Answer> {
  // "Give me three bullet points" as a follow-up is about the question before it, in that form.
  const subject = subjectOf(params.question, params.history);
  const retrieved = await retrieveContext(db, { ...params, question: subject });
  return composeAnswer({ question: params.question, subject, video: params.video ?? null, retrieved, history: params.history, signal: params.signal });
}

/** The question an answer is about: the question itself, or for a form-only follow-up the user's question before it and then this one. */
export function subjectOf(question: string, history: readonly HistoryMessage[]): string {
  if (!asksOnlyForm(question)) return question;
  const previous = [...history].reverse().find((m) => m.role === "user" && !asksOnlyForm(m.content));
  return previous ? `${previous.content.trim()} ${question}` : question;
}

/** A project's videos, oldest first (so V1, V2… stay put as videos are added). */
async function projectVideos(db: Db, params: { userId: string; projectId: string }): Promise<Video[]> {
  const project = await getProject(db, params);
  if (!project) throw notFound("Project");
  return (await listVideos(db, { userId: params.userId, projectId: project.id })).reverse();
}

type Target = { kind: "video"; video: Video } | { kind: "project"; projectId: string };

async function targetOf(db: Db, params: { userId: string; videoId?: string; projectId?: string }): Promise<Target | null> {
  if (params.videoId !== undefined && params.projectId !== undefined) throw badRequest("video_id, project_id: give one of them, not both");
  if (params.projectId !== undefined) {
    const project = await getProject(db, { userId: params.userId, projectId: params.projectId });
    if (!project) throw notFound("Project");
    return { kind: "project", projectId: project.id };
  }
  if (params.videoId !== undefined) {
    const video = await findVideoByAnyId(db, { userId: params.userId, videoId: params.videoId });
    if (!video) throw notFound("Video");
    return { kind: "video", video };
  }
  return null;
}

export async function askQuestion(db: Db, params: AskParams): Promise<AskResult> {
  const question = params.question.trim();
  let target = await targetOf(db, params);
  // The question is embedded (in the model's worker) while the session and question are stored
  // and the segments read; the search then finds its vector ready.
  const vectors = new QueryVectors(questionTopic(question), params.signal).prefetch();

  let sessionId: string;
  let history: HistoryMessage[] = [];
  if (params.sessionId !== undefined) {
    const session = await getSession(db, { userId: params.userId, sessionId: params.sessionId });
    if (!session) throw notFound("Chat session");
    if (session.projectId) {
      if (target?.kind === "video") throw badRequest("video_id: the session is about a project");
      if (target && target.projectId !== session.projectId) throw badRequest("project_id: the session is about another project");
      target = { kind: "project", projectId: session.projectId };
    } else if (session.videoId) {
      if (target?.kind === "project") throw badRequest("project_id: the session is about a video");
      if (target && target.video.id !== session.videoId) throw badRequest("video_id: the session is about another video");
      if (!target) target = { kind: "video", video: (await findVideoByAnyId(db, { userId: params.userId, videoId: session.videoId }))! };
    } else if (target) {
      // A session made without a video or project takes the target of its first question.
      const set = target.kind === "video" ? { videoId: target.video.id } : { projectId: target.projectId };
      await updateSession(db, { userId: params.userId, sessionId: session.id, set });
    }
    if (!target) throw badRequest("video_id, project_id: one of them is required (the session has neither yet)");
    sessionId = session.id;
    history = (await lastMessages(db, { sessionId, count: HISTORY_MESSAGES })).map((m) => ({ role: m.role, content: m.content }));
  } else {
    if (!target) throw badRequest("video_id, project_id: one of them is required");
    sessionId = await insertSession(db, {
      userId: params.userId,
      videoId: target.kind === "video" ? target.video.id : null,
      projectId: target.kind === "project" ? target.projectId : null,
      title: titleFromQuestion(question),
    });
  }

  await insertMessage(db, { userId: params.userId, sessionId, role: "user", content: question });
  const videos = target.kind === "video" ? [target.video] : await projectVideos(db, { userId: params.userId, projectId: target.projectId });
  const answer = await answerAbout(db, { ...params, videos, video: target.kind === "video" ? target.video : undefined, question, history, vectors });
  // A composed answer (no model) starts streaming now; storing it does not hold its first words back.
  if (!answer.model) streamComposedAnswer(answer.text);
  const feedbackId = crypto.randomUUID();
  const metadata = {
    feedback_id: feedbackId,
    mode: params.mode,
    model: answer.model,
    segments_used: answer.segmentIds.length,
    segment_ids: answer.segmentIds,
    citations: answer.citations,
    ...(target.kind === "project" ? { project_id: target.projectId } : {}),
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
  return { answer: answer.text, session_id: sessionId, feedback_id: feedbackId, citations: answer.citations };
}
