// Turns retrieved segments (+ the conversation so far) into an answer. With a chat model: one
// chat completion over a system prompt, the segments with their [mm:ss] times, the history and the
// question. Without one (or when it fails): never an invented answer — the most relevant
// retrieved segments, listed with their times, and a sentence saying why.
import type { Video } from "@/db/schema";
import { getModelClient } from "@/lib/ai/provider";
import { completeChat } from "./answer-stream";
import { clip, formatStamp, oneLine, type ContextEntry } from "./context";
import type { Retrieved } from "./retrieve";

export const CHAT_SYSTEM_PROMPT = [
  "You answer questions about one video. Everything you know about it is the analysis below: time-stamped",
  "segments from its modules (transcription = what is said; visualelements = colours, motion and on-screen text",
  "per shot; shots and scenes = the cut structure; grouped_shots = recurring set-ups; logos = brands seen;",
  "video_reasoning = summary, chapters and key moments).",
  "Rules: answer only from these segments and the conversation. Cite the moments you rely on with their start",
  "time in square brackets, exactly like [01:23] (or [1:02:03] past an hour). If the segments do not contain",
  "the answer, say so plainly and do not guess. Answer in the language of the question. Markdown is welcome.",
].join("\n");

export const NO_MODEL_PREFIX = "No language model is configured, so here are the most relevant moments:";
/** Segments listed in an answer made without a model. */
const OFFLINE_LIST_SIZE = 8;
/** Below this similarity a segment is not worth showing as relevant: short texts under the local
 * lexical embedding reach ~0.2 from a shared trigram and hash collisions alone. */
const MIN_OFFLINE_SIMILARITY = 0.25;
/** Each earlier message is cut here before it goes to the model. */
const MAX_HISTORY_MESSAGE_CHARS = 8000;
/** One answer may take this long (the SDK's own retries included). */
const CHAT_TIMEOUT_MS = 120_000;

export interface HistoryMessage {
  role: string;
  content: string;
}

export interface Answer {
  text: string;
  /** The chat model that wrote it; null when it was built from the segments. */
  model: string | null;
  /** The segments the answer was built from. */
  segmentIds: string[];
  modelError?: string;
}

export function contextMessage(video: Pick<Video, "name" | "duration" | "status">, retrieved: Retrieved): string {
  return [
    `Video: "${oneLine(video.name)}" (duration ${formatStamp(video.duration)}, status ${video.status}).`,
    `Segments: ${retrieved.description}.`,
    "",
    ...retrieved.lines,
  ].join("\n");
}

function offlineList(entries: readonly ContextEntry[]): ContextEntry[] {
  return entries
    .filter((e) => (e.similarity ?? 0) >= MIN_OFFLINE_SIMILARITY)
    .sort((a, b) => (b.similarity ?? 0) - (a.similarity ?? 0) || a.start - b.start)
    .slice(0, OFFLINE_LIST_SIZE);
}

/** The answer made of segments: the given opening line, then `- [mm:ss] content (module)`. */
export function segmentsAnswer(opening: string, retrieved: Retrieved): { text: string; segmentIds: string[] } {
  const listed = offlineList(retrieved.entries);
  if (!listed.length) {
    const none = retrieved.totalSegments
      ? `None of the video's ${retrieved.totalSegments} analysis segments matches the question closely enough to quote. Try words that are said or shown in the video.`
      : "This video has no analysis segments yet, so there is nothing to answer from.";
    return { text: `${opening.replace(/, so here are the most relevant moments:$/, ".")}\n\n${none}`, segmentIds: [] };
  }
  const lines = listed.map((e) => `- [${formatStamp(e.start)}] ${clip(e.content, 300)} (${e.module})`);
  return { text: `${opening}\n\n${lines.join("\n")}`, segmentIds: listed.flatMap((e) => e.ids) };
}

export async function composeAnswer(params: {
  question: string;
  video: Pick<Video, "name" | "duration" | "status">;
  retrieved: Retrieved;
  history: readonly HistoryMessage[];
  signal?: AbortSignal;
}): Promise<Answer> {
  const { retrieved } = params;
  if (!retrieved.totalSegments) {
    return { text: "This video has no analysis segments yet (process it first), so there is nothing to answer from.", model: null, segmentIds: [] };
  }
  const chat = getModelClient("chat");
  if (!chat) return { ...segmentsAnswer(NO_MODEL_PREFIX, retrieved), model: null };

  const messages: { role: "system" | "user" | "assistant"; content: string }[] = [
    { role: "system", content: `${CHAT_SYSTEM_PROMPT}\n\n${contextMessage(params.video, retrieved)}` },
    ...params.history.map((m) => ({
      role: m.role === "assistant" ? ("assistant" as const) : ("user" as const),
      content: clip(m.content, MAX_HISTORY_MESSAGE_CHARS),
    })),
    { role: "user", content: params.question },
  ];
  try {
    // Streams to the request's sink when it asked for text/event-stream (answer-stream.ts).
    const text = (await completeChat(chat, messages, { signal: params.signal, timeout: CHAT_TIMEOUT_MS }))?.trim();
    if (!text) throw new Error("the model returned an empty answer");
    return { text, model: chat.model, segmentIds: retrieved.segmentIds };
  } catch (err) {
    if (params.signal?.aborted) throw err;
    const reason = oneLine((err as Error).message).slice(0, 300);
    console.warn(`[chat] the chat model ${chat.model} failed: ${reason}`);
    const opening = `The language model (${chat.model}) could not answer (${reason}), so here are the most relevant moments:`;
    return { ...segmentsAnswer(opening, retrieved), model: null, modelError: reason };
  }
}
