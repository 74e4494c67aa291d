// Chat: sessions, messages, asking the agent and rating its answers.
import { z } from "zod";
import type { ChatMessageRow, ChatSessionRow, FeedbackRow } from "@/db/queries/chat";
import { defineEndpoint, pathId } from "@/lib/schemas/contract";
import { nameField, okResponse, timestamp } from "./common";
import { isoTime } from "@/lib/core/iso-time";
import { MAX_QUERY_CHARS } from "./search";
import { moduleList } from "./videos";
import { MODEL_FAILED } from "./answers";

export const CHAT_MODES = ["vector", "brute_force"] as const;
export type ChatMode = (typeof CHAT_MODES)[number];
export const MAX_MESSAGE_CHARS = 100_000;

const videoIdField = z.string().max(64).describe("The video's job id or internal id");
const projectIdField = z.string().max(64).describe("A project's id: the session is about all its videos");

/** Text that must parse as JSON (message metadata). */
const jsonText = z
  .string()
  .max(MAX_MESSAGE_CHARS)
  .refine(
    (s) => {
      try {
        JSON.parse(s);
        return true;
      } catch {
        return false;
      }
    },
    { message: "must be JSON text" },
  );

export const chatSessionResponse = z
  .object({
    id: z.string(),
    user_id: z.string(),
    video_id: z.string().nullable().describe("Internal video id; null for a session made without a video"),
    job_id: z.string().nullable(),
    video_name: z.string().nullable(),
    project_id: z.string().nullable().describe("Set for a session about a whole project (then video_id is null)"),
    project_name: z.string().nullable(),
    title: z.string(),
    message_count: z.number().int(),
    last_message: z.string().nullable().describe("Content of the latest message; null while there is none"),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "ChatSession" });
export type ChatSessionResponse = z.infer<typeof chatSessionResponse>;

export function toChatSessionResponse(s: ChatSessionRow): ChatSessionResponse {
  return {
    id: s.id,
    user_id: s.userId,
    video_id: s.videoId,
    job_id: s.jobId,
    video_name: s.videoName,
    project_id: s.projectId,
    project_name: s.projectName,
    title: s.title,
    message_count: s.messageCount,
    last_message: s.lastMessage,
    created_at: isoTime(s.createdAt),
    updated_at: isoTime(s.updatedAt),
  };
}

export const chatMessageResponse = z
  .object({
    id: z.string(),
    session_id: z.string(),
    role: z.enum(["user", "assistant"]),
    content: z.string(),
    metadata: z.string().nullable().describe("JSON text; answers from ask carry feedback_id, mode, model, segments_used, segment_ids, citations (and project_id over a project)"),
    created_at: timestamp,
  })
  .meta({ id: "ChatMessage" });

export function toChatMessageResponse(m: ChatMessageRow): z.infer<typeof chatMessageResponse> {
  return {
    id: m.id,
    session_id: m.sessionId,
    role: m.role as "user" | "assistant",
    content: m.content,
    metadata: m.metadata,
    created_at: isoTime(m.createdAt),
  };
}

export const askBody = z.object({
  question: z.string().trim().min(1).max(MAX_QUERY_CHARS),
  video_id: videoIdField.optional().describe("The video asked about (job id or internal id); one of video_id, project_id or a session_id that has one is required"),
  project_id: projectIdField.optional().describe("Ask about all videos of this project (retrieval over all of them; citations name their video)"),
  session_id: z.string().max(64).optional().describe("Continue this session (its last 10 messages are the history)"),
  modules: moduleList.optional().describe("Only segments of these modules (empty: all)"),
  mode: z.enum(CHAT_MODES).default("vector").describe("vector: the nearest segments; brute_force: all segments, compressed"),
});
export const chatCitation = z
  .object({
    job_id: z.string(),
    video_name: z.string(),
    start_time: z.number().describe("Seconds from the start of the video"),
  })
  .meta({ id: "ChatCitation" });
export const askResponse = z
  .object({
    answer: z.string(),
    session_id: z.string(),
    feedback_id: z.string(),
    citations: z
      .array(chatCitation)
      .describe(
        "The moments the answer cites, in order of appearance. About one video the answer cites [mm:ss]; over a project each citation is a Markdown link naming the video and opening it at that time: [Name 01:23](/videos/<job_id>?t=83)",
      ),
  })
  .meta({ id: "ChatAnswer" });

export const listSessionsQuery = z.object({ video_id: videoIdField.optional(), project_id: projectIdField.optional() });
export const createSessionBody = z.object({ video_id: videoIdField.optional(), project_id: projectIdField.optional(), title: nameField.optional() });
export const patchSessionBody = z.object({ title: nameField });
export const sessionIdParams = z.object({ session_id: pathId("Chat session") });
export const createMessageBody = z.object({
  role: z.enum(["user", "assistant"]).default("user"),
  content: z.string().min(1).max(MAX_MESSAGE_CHARS),
  metadata: jsonText.optional().describe("JSON text"),
});

export const feedbackBody = z.object({
  feedback_id: z.string().max(64).describe("From an answer of POST /chat/ask"),
  rating: z.enum(["up", "down"]),
  comment: z.string().max(5000).optional(),
});
export const feedbackResponse = z
  .object({
    feedback_id: z.string(),
    rating: z.enum(["up", "down"]),
    comment: z.string().nullable(),
    created_at: timestamp,
  })
  .meta({ id: "ChatFeedback" });

export function toFeedbackResponse(f: FeedbackRow): z.infer<typeof feedbackResponse> {
  return { feedback_id: f.feedbackId, rating: f.rating as "up" | "down", comment: f.comment, created_at: isoTime(f.createdAt) };
}

const tag = "Chat";
export const chatApi = {
  ask: defineEndpoint({
    method: "POST",
    path: "/chat/ask",
    idempotent: true,
    tag,
    summary:
      "Ask about a video (video_id) or all videos of a project (project_id). Without session_id a session is created (titled from the question); with it the conversation continues (last 10 messages). Answers cite [mm:ss] times and may use Markdown; without a configured model they list the most relevant segments",
    auth: "required",
    body: askBody,
    response: askResponse,
    streams: true,
    otherResponses: MODEL_FAILED,
  }),
  listSessions: defineEndpoint({ method: "GET", path: "/chat/sessions", tag, summary: "Your chat sessions, most recently active first (video_id: job id or internal id)", auth: "required", query: listSessionsQuery, response: z.array(chatSessionResponse) }),
  createSession: defineEndpoint({ method: "POST", path: "/chat/sessions", tag, summary: "Create a chat session (optionally about a video)", auth: "required", body: createSessionBody, response: chatSessionResponse, status: 201 , idempotent: true }),
  getSession: defineEndpoint({ method: "GET", path: "/chat/sessions/{session_id}", tag, summary: "Get a chat session", auth: "required", params: sessionIdParams, response: chatSessionResponse }),
  patchSession: defineEndpoint({ method: "PATCH", path: "/chat/sessions/{session_id}", tag, summary: "Rename a chat session", auth: "required", params: sessionIdParams, body: patchSessionBody, response: chatSessionResponse }),
  deleteSession: defineEndpoint({ method: "DELETE", path: "/chat/sessions/{session_id}", tag, summary: "Delete a chat session and its messages", auth: "required", params: sessionIdParams, response: okResponse }),
  listMessages: defineEndpoint({ method: "GET", path: "/chat/sessions/{session_id}/messages", tag, summary: "The session's messages, oldest first", auth: "required", params: sessionIdParams, response: z.array(chatMessageResponse) }),
  createMessage: defineEndpoint({ method: "POST", path: "/chat/sessions/{session_id}/messages", tag, summary: "Add a message without asking the agent", auth: "required", params: sessionIdParams, body: createMessageBody, response: chatMessageResponse, status: 201, streams: true, idempotent: true }),
  listFeedback: defineEndpoint({ method: "GET", path: "/chat/sessions/{session_id}/feedback", tag, summary: "The ratings of the session's answers (from POST /chat/feedback; unrated answers are absent)", auth: "required", params: sessionIdParams, response: z.array(feedbackResponse) }),
  feedback: defineEndpoint({ method: "POST", path: "/chat/feedback", tag, summary: "Rate an answer (up or down, optional comment); rating again replaces the rating", auth: "required", body: feedbackBody, response: feedbackResponse, status: 201 }),
};
