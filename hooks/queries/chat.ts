// Chat: a video's sessions, a session's messages and the ratings of its answers, asking, renaming,
// deleting and rating. Asking resolves only once the new messages are in the cache, so the page
// never flashes between the pending question and the stored one.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, isApiClientError, unwrap, type Schemas } from "@/lib/browser/api-client";
import { postStreaming } from "@/lib/browser/ask-stream";
import { scopeBody } from "@/lib/browser/chat-url";

export type ChatSession = Schemas["ChatSession"];
export type ChatMessage = Schemas["ChatMessage"];
export type AskAnswer = Schemas["ChatAnswer"];
export type Feedback = Schemas["ChatFeedback"];
export type Rating = Feedback["rating"];
export type ChatMode = "vector" | "brute_force";

const inSession = (sessionId: string) => ({ params: { path: { session_id: sessionId } } });

export const chatQueries = {
  all: () => ["chat"] as const,
  /** `jobId`: a video's job id or a project scope (chat-url.ts). */
  sessions: (jobId: string) =>
    queryOptions({
      queryKey: [...chatQueries.all(), "sessions", jobId],
      queryFn: ({ signal }) => unwrap(api.GET("/chat/sessions", { params: { query: scopeBody(jobId) }, signal })),
    }),
  messages: (sessionId: string) =>
    queryOptions({
      queryKey: [...chatQueries.all(), "messages", sessionId],
      queryFn: ({ signal }) => unwrap(api.GET("/chat/sessions/{session_id}/messages", { ...inSession(sessionId), signal })),
    }),
  feedback: (sessionId: string) =>
    queryOptions({
      queryKey: [...chatQueries.all(), "feedback", sessionId],
      queryFn: ({ signal }) => unwrap(api.GET("/chat/sessions/{session_id}/feedback", { ...inSession(sessionId), signal })),
    }),
};

export function useChatSessions(jobId: string) {
  return useQuery(chatQueries.sessions(jobId));
}

export function useChatMessages(sessionId: string | null) {
  return useQuery({ ...chatQueries.messages(sessionId ?? ""), enabled: !!sessionId });
}

/** feedback_id → the rating given to that answer. */
export function useSessionRatings(sessionId: string | null) {
  return useQuery({
    ...chatQueries.feedback(sessionId ?? ""),
    enabled: !!sessionId,
    select: (rows) => new Map(rows.map((f) => [f.feedback_id, f.rating] as const)),
  });
}

export interface AskInput {
  question: string;
  /** A video's job id or a project scope (chat-url.ts). */
  jobId: string;
  sessionId: string | null;
  mode: ChatMode;
  /** The answer is streamed: called with its text so far as it grows. */
  onText?: (text: string) => void;
  /** Stops the answer (the question stays stored). */
  signal?: AbortSignal;
}

export function useAskQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AskInput) =>
      postStreaming<AskAnswer>(
        api.POST("/chat/ask", {
          body: {
            question: input.question,
            ...scopeBody(input.jobId),
            mode: input.mode,
            ...(input.sessionId ? { session_id: input.sessionId } : {}),
          },
          headers: { Accept: "text/event-stream" },
          parseAs: "stream",
          signal: input.signal,
        }),
        { onText: input.onText },
      ),
    onSuccess: async (answer, input) => {
      await Promise.all([
        queryClient.fetchQuery({ ...chatQueries.messages(answer.session_id), staleTime: 0 }),
        queryClient.invalidateQueries({ queryKey: chatQueries.sessions(input.jobId).queryKey }),
      ]);
    },
    // The session (or the video) went away elsewhere: the list should stop offering it.
    onError: (err, input) => {
      if (isApiClientError(err, 404)) void queryClient.invalidateQueries({ queryKey: chatQueries.sessions(input.jobId).queryKey });
      // Stopped: the question was stored (and a new session made); show what the server kept.
      if ((err as Error).name === "AbortError") {
        void queryClient.invalidateQueries({ queryKey: chatQueries.sessions(input.jobId).queryKey });
        if (input.sessionId) void queryClient.invalidateQueries({ queryKey: chatQueries.messages(input.sessionId).queryKey });
      }
    },
  });
}

export function useRenameSession(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, title }: { sessionId: string; title: string }) =>
      unwrap(api.PATCH("/chat/sessions/{session_id}", { ...inSession(sessionId), body: { title } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatQueries.sessions(jobId).queryKey }),
  });
}

export function useDeleteSession(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => unwrap(api.DELETE("/chat/sessions/{session_id}", inSession(sessionId))),
    onSuccess: async (_data, sessionId) => {
      queryClient.removeQueries({ queryKey: chatQueries.messages(sessionId).queryKey });
      queryClient.removeQueries({ queryKey: chatQueries.feedback(sessionId).queryKey });
      await queryClient.invalidateQueries({ queryKey: chatQueries.sessions(jobId).queryKey });
    },
  });
}

/** Rates an answer; the rating shows at once and is rolled back if the server refuses it. */
export function useRateAnswer(sessionId: string) {
  const queryClient = useQueryClient();
  const key = chatQueries.feedback(sessionId).queryKey;
  return useMutation({
    mutationFn: ({ feedbackId, rating }: { feedbackId: string; rating: Rating }) =>
      unwrap(api.POST("/chat/feedback", { body: { feedback_id: feedbackId, rating } })),
    onMutate: async ({ feedbackId, rating }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      const placeholder: Feedback = { feedback_id: feedbackId, rating, comment: null, created_at: "" };
      queryClient.setQueryData(key, (rows = []) => [...rows.filter((f) => f.feedback_id !== feedbackId), placeholder]);
      return { before };
    },
    onError: (_err, _input, context) => queryClient.setQueryData(key, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export interface AnswerMeta {
  feedbackId: string | null;
  mode: ChatMode | null;
  model: string | null;
  segmentIds: string[];
  modelError: string | null;
}

/** What an answer's metadata JSON says about it (nothing, for a message added by hand). */
export function answerMeta(message: Pick<ChatMessage, "metadata">): AnswerMeta {
  let raw: Record<string, unknown> = {};
  try {
    const parsed = message.metadata ? (JSON.parse(message.metadata) as unknown) : null;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) raw = parsed as Record<string, unknown>;
  } catch {
    /* not JSON: no metadata */
  }
  const str = (v: unknown) => (typeof v === "string" && v ? v : null);
  return {
    feedbackId: str(raw.feedback_id),
    mode: raw.mode === "vector" || raw.mode === "brute_force" ? raw.mode : null,
    model: str(raw.model),
    segmentIds: Array.isArray(raw.segment_ids) ? raw.segment_ids.filter((s): s is string => typeof s === "string") : [],
    modelError: str(raw.model_error),
  };
}
