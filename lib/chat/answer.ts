// Turns retrieved segments (+ the conversation so far) into an answer. With a chat model: one
// chat completion over a system prompt, the segments with their [mm:ss] times, the history and the
// question. Without one (or when it fails): never an invented answer — offline-answer.ts builds
// it from the stored analysis (the summary, picture events, best-matching moments); when a model
// failed it says so first.
// Over a project, stamps name their video ([V2 01:23] → a link to the video at that time).
import type { Video } from "@/db/schema";
import { getModelClient } from "@/lib/ai/provider";
import { completeChat } from "./answer-stream";
import { citationsOf, linkCitations, type Citation } from "./citations";
import { formatClock } from "@/lib/core/clock";
import { clip, oneLine } from "./context";
import { offlineAnswer } from "./offline-answer";
import type { Retrieved } from "./retrieve";
import { logger } from "@/lib/log/logger";
import { MODULE_DESCRIPTIONS, MODULE_NAMES } from "@/lib/pipeline/modules/registry";

const log = logger("chat");

export const CHAT_SYSTEM_PROMPT = [
  "You answer questions about one video. Everything you know about it is the analysis below: time-stamped",
  `segments from its modules (${MODULE_NAMES.map((m) => `${m} = ${MODULE_DESCRIPTIONS[m]}`).join("; ")}).`,
  "Rules: answer only from these segments and the conversation. Cite the moments you rely on with their start",
  "time in square brackets, exactly like [01:23] (or [1:02:03] past an hour). If the segments do not contain",
  "the answer, say so plainly and do not guess. Answer in the language of the question. Markdown is welcome.",
].join("\n");

/** Added for a context over several videos (a project). */
export const PROJECT_PROMPT = [
  "The segments come from several videos of one project, labelled V1, V2, … (listed below with their names).",
  "Cite a moment with its video's label and start time, exactly like [V2 01:23], and name the video in your sentence.",
].join("\n");

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
  /** The moments the text cites, with their videos, in order of appearance. */
  citations: Citation[];
  modelError?: string;
}

export function contextMessage(video: Pick<Video, "name" | "duration" | "status"> | null, retrieved: Retrieved): string {
  const head =
    retrieved.videos.length > 1 || !video
      ? [`Videos:`, ...retrieved.videos.map((v) => `${v.label ?? "V1"} = "${oneLine(v.name)}" (duration ${formatClock(v.duration)})`)]
      : [`Video: "${oneLine(video.name)}" (duration ${formatClock(video.duration)}, status ${video.status}).`];
  return [...head, `Segments: ${retrieved.description}.`, "", ...retrieved.lines].join("\n");
}

/** The answer made of the analysis itself (no model); `opening` says why when a configured model failed. */
export function segmentsAnswer(opening: string | null, retrieved: Retrieved, question = "", subject = question): { text: string; segmentIds: string[]; citations: Citation[] } {
  const a = offlineAnswer({ question, subject }, retrieved, opening);
  return { ...a, citations: citationsOf(a.text, retrieved.videos) };
}

export async function composeAnswer(params: {
  question: string;
  /** What the question is about (a form-only follow-up: the question before it); default the question. */
  subject?: string;
  /** The video of a one-video session (name, duration and status go to the model); null over a project. */
  video?: Pick<Video, "name" | "duration" | "status"> | null;
  retrieved: Retrieved;
  history: readonly HistoryMessage[];
  signal?: AbortSignal;
}): Promise<Answer> {
  const { retrieved } = params;
  if (!retrieved.totalSegments) {
    const what = retrieved.videos.length > 1 ? "The project's videos have" : retrieved.videos.length ? "This video has" : "This project has no videos, so it has";
    return { text: `${what} no analysis segments yet (process ${retrieved.videos.length > 1 ? "them" : "it"} first), so there is nothing to answer from.`, model: null, segmentIds: [], citations: [] };
  }
  const chat = getModelClient("chat");
  // Without a model the answer is composed from the analysis; the chat page says so once (model: null in the metadata).
  if (!chat) return { ...segmentsAnswer(null, retrieved, params.question, params.subject), model: null };

  const many = retrieved.videos.length > 1;
  const system = `${CHAT_SYSTEM_PROMPT}${many ? `\n${PROJECT_PROMPT}` : ""}\n\n${contextMessage(params.video ?? null, retrieved)}`;
  const messages: { role: "system" | "user" | "assistant"; content: string }[] = [
    { role: "system", content: system },
    ...params.history.map((m) => ({
      role: m.role === "assistant" ? ("assistant" as const) : ("user" as const),
      content: clip(m.content, MAX_HISTORY_MESSAGE_CHARS),
    })),
    { role: "user", content: params.question },
  ];
  try {
    // Streams to the request's sink when it asked for text/event-stream (answer-stream.ts).
    const raw = (await completeChat(chat, messages, { signal: params.signal, timeout: CHAT_TIMEOUT_MS }))?.trim();
    if (!raw) throw new Error("the model returned an empty answer");
    const text = many ? linkCitations(raw, retrieved.videos) : raw;
    return { text, model: chat.model, segmentIds: retrieved.segmentIds, citations: citationsOf(text, retrieved.videos) };
  } catch (err) {
    if (params.signal?.aborted) throw err;
    const reason = oneLine((err as Error).message).slice(0, 300);
    log.warn({ model: chat.model, reason }, `the chat model ${chat.model} failed: ${reason}`);
    const opening = `The language model (${chat.model}) could not answer (${reason}), so this answer is put together from the analysis, quoted as it is:`;
    return { ...segmentsAnswer(opening, retrieved, params.question, params.subject), model: null, modelError: reason };
  }
}
