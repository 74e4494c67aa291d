// video_reasoning: summary, chapters and key moments. With a chat model: one completion over a
// compact, time-stamped digest of the other modules' segments, validated, with times clamped to
// the video and snapped to real segment boundaries. Without one (or when it fails): an extractive
// summary — an overview naming the topics and the key moments, picked by centrality and coverage
// over the sentence vectors of what is said, written and seen (lib/analysis/text/extractive-summary.ts).
import { z } from "zod";
import { getModelClient } from "@/lib/ai/provider";
import {
  boundaryTimes,
  buildPromptDigest,
  keyPhrasesOf,
  onScreenTexts,
  snapTime,
  type DigestInput,
  type SegmentLike,
} from "@/lib/analysis/text/digest";
import { extractiveSummary, joinList, keyMomentLine, summaryUnits, type SummaryUnit } from "@/lib/analysis/text/extractive-summary";
import { embedWithFallback } from "@/lib/search/embed-segments";
import type { ModuleRunner, ModuleContext, ModuleResultOf, SegmentDraft } from "../../types";

export const REASONING_SYSTEM_PROMPT = [
  "You are a video analyst. You receive a digest of automatic analyses of one video: shot boundaries,",
  "scenes, a time-stamped transcript, on-screen text (OCR) and logos, where available.",
  'Using only what the digest states, answer with a JSON object: {"summary": string (2-5 sentences),',
  '"chapters": [{"start": seconds, "end": seconds, "title": string}],',
  '"key_moments": [{"time": seconds, "description": string}]}.',
  "Times are numbers of seconds from the start of the video, between 0 and its duration. Chapters are",
  "consecutive, cover the video and start at scene or shot boundaries where possible; at most 12 chapters",
  "and 10 key moments. Do not invent speech, names, places or events the digest does not support. When",
  "the digest holds little (no transcript, say), say so in the summary and keep chapters and moments few.",
].join(" ");

function parseLooseTime(v: number | string): number {
  if (typeof v === "number") return v;
  const s = v.trim().replace(/s$/, "");
  if (/^\d+(\.\d+)?$/.test(s)) return Number(s);
  const m = /^(?:(\d+):)?(\d{1,2}):(\d{1,2}(?:\.\d+)?)$/.exec(s);
  return m ? Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) : NaN;
}

const time = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const t = parseLooseTime(v);
  if (!Number.isFinite(t)) {
    ctx.addIssue({ code: "custom", message: `not a time in seconds: ${JSON.stringify(v)}` });
    return z.NEVER;
  }
  return t;
});

export const reasoningAnswer = z.object({
  summary: z.string().trim().min(1),
  chapters: z.array(z.object({ start: time, end: time, title: z.string().trim().min(1) })).default([]),
  key_moments: z.array(z.object({ time, description: z.string().trim().min(1) })).default([]),
});
export type ReasoningAnswer = z.infer<typeof reasoningAnswer>;

export function digestInput(ctx: ModuleContext): DigestInput {
  const segs = (m: keyof ModuleContext["results"]) => (ctx.results[m]?.segments ?? []) as SegmentLike[];
  return {
    name: ctx.video.name,
    duration: ctx.video.duration,
    shots: segs("shots"),
    scenes: segs("scenes"),
    transcript: segs("transcription"),
    visual: segs("visualelements"),
    logos: segs("logos"),
  };
}

const hasAnything = (d: DigestInput) =>
  d.shots.length + d.scenes.length + d.transcript.length + d.logos.length + onScreenTexts(d.visual).length > 0;

/** The model's answer placed on the video: clamped, snapped to boundaries, ordered, de-overlapped. */
export function placeAnswer(answer: ReasoningAnswer, input: DigestInput, model: string): SegmentDraft[] {
  const duration = input.duration;
  const bounds = boundaryTimes(input);
  const tolerance = Math.min(10, Math.max(1, duration * 0.02));
  const clamp = (t: number) => Math.min(duration, Math.max(0, t));
  const meta = (kind: string) => ({ provider: "openai" as const, model, kind });
  const out: SegmentDraft[] = [{ start_time: 0, end_time: duration, content: answer.summary, metadata: meta("summary") }];

  const chapters = answer.chapters
    .map((c) => ({ start: snapTime(clamp(c.start), bounds, tolerance), end: snapTime(clamp(c.end), bounds, tolerance), title: c.title }))
    .sort((a, b) => a.start - b.start);
  let last = 0;
  for (const c of chapters.slice(0, 30)) {
    const start = Math.max(c.start, last);
    if (c.end - start < 0.5) continue;
    out.push({ start_time: start, end_time: c.end, content: c.title, metadata: meta("chapter") });
    last = c.end;
  }

  // A key moment lands on the start of a real segment nearby, and lasts as long as that segment.
  const anchors = [...input.transcript, ...input.shots, ...input.scenes].sort(
    (a, b) => a.start_time - b.start_time || a.end_time - a.start_time - (b.end_time - b.start_time),
  );
  const starts = anchors.map((s) => s.start_time);
  const seen = new Set<number>();
  for (const k of answer.key_moments.slice(0, 30)) {
    const t = snapTime(clamp(k.time), starts, tolerance);
    if (seen.has(t)) continue;
    seen.add(t);
    const anchor = anchors.find((s) => s.start_time === t);
    const end = anchor ? Math.min(duration, Math.max(t, anchor.end_time)) : t;
    out.push({ start_time: t, end_time: end, content: k.description, metadata: meta("key_moment") });
  }
  return out;
}

async function askModel(
  ctx: ModuleContext,
  chat: NonNullable<ReturnType<typeof getModelClient>>,
  input: DigestInput,
): Promise<ReasoningAnswer> {
  const digest = buildPromptDigest(input);
  const note = ctx.video.initialPrompt?.trim();
  const messages: { role: "system" | "user" | "assistant"; content: string }[] = [
    { role: "system", content: REASONING_SYSTEM_PROMPT },
    { role: "user", content: `${note ? `The user's note for this analysis: ${note.slice(0, 2000)}\n\n` : ""}Digest:\n${digest}` },
  ];
  let problem = "";
  for (let attempt = 0; attempt < 2; attempt++) {
    const res = await chat.client.chat.completions.create(
      { model: chat.model, messages, response_format: { type: "json_object" } },
      { signal: ctx.signal },
    );
    const content = res.choices[0]?.message?.content ?? "";
    try {
      const parsed = reasoningAnswer.safeParse(JSON.parse(content));
      if (parsed.success) return parsed.data;
      problem = parsed.error.issues.map((i) => `${i.path.join(".") || "answer"}: ${i.message}`).join("; ");
    } catch {
      problem = "the answer is not valid JSON";
    }
    messages.push({ role: "assistant", content }, { role: "user", content: `That answer is not usable (${problem}). Answer again with only the JSON object.` });
  }
  throw new Error(`the model's answer did not match the expected JSON (${problem})`);
}

/**
 * The summary without a model (extractive-summary.ts): a summary segment — the overview, then the
 * key moments one per line (`[mm:ss] …`) — and, over two scenes or more, a chapter per scene that
 * has words, titled by its key phrases. `vectors` are the units' sentence vectors (null: none).
 */
export function offlineSummary(input: DigestInput, units: readonly SummaryUnit[], embedded: { vectors: readonly (readonly number[] | null)[]; model: string }): SegmentDraft[] {
  const summary = extractiveSummary(units, embedded.vectors);
  if (!summary) return [];
  const meta = (kind: string, extra: Record<string, unknown> = {}) => ({ provider: "local" as const, method: "extractive_summary", model: embedded.model, kind, ...extra });
  const lines = summary.keyMoments.map(keyMomentLine);
  const out: SegmentDraft[] = [
    {
      start_time: 0,
      end_time: input.duration,
      content: `${summary.overview}${lines.length ? `\n\nKey moments:\n${lines.join("\n")}` : ""}`,
      // The key moments' texts are the content's lines (the row stays small enough to keep its vector inline).
      metadata: meta("summary", {
        topics: summary.topics,
        key_moments: summary.keyMoments.map((m) => ({ start: m.start, end: m.end, source: m.source, rank: m.rank })),
        on_screen_text: onScreenTexts(input.visual).slice(0, 20).map((t) => t.text),
      }),
    },
  ];
  const scenes = [...input.scenes].sort((a, b) => a.start_time - b.start_time);
  if (scenes.length < 2) return out;
  for (const scene of scenes) {
    const inside = units.filter((u) => u.source !== "picture" && u.start >= scene.start_time - 0.01 && u.start < scene.end_time);
    const phrases = keyPhrasesOf(inside.map((u) => u.text).join("\n"), 3);
    if (!phrases.length) continue;
    const title = joinList(phrases);
    out.push({ start_time: scene.start_time, end_time: scene.end_time, content: title[0]!.toUpperCase() + title.slice(1), metadata: meta("chapter", { key_phrases: phrases }) });
  }
  return out;
}

/** The units' vectors, made as search makes segment vectors (the current model, else the offline encoder). */
export async function summaryOffline(input: DigestInput, signal?: AbortSignal): Promise<SegmentDraft[]> {
  const units = summaryUnits(input);
  if (!units.length) return [];
  const { result } = await embedWithFallback(units.map((u) => u.text), signal);
  return offlineSummary(input, units, result);
}

export const videoReasoning: ModuleRunner<"video_reasoning"> = {
  async run(ctx): Promise<ModuleResultOf<"video_reasoning">> {
    const input = digestInput(ctx);
    if (!hasAnything(input)) {
      return { segments: [], notes: ["The other modules found nothing to summarise (no shots, scenes, transcript or on-screen text)"] };
    }
    const chat = getModelClient("chat");
    if (!chat) {
      const segments = await summaryOffline(input, ctx.signal);
      ctx.progress(1);
      return segments.length
        ? { segments, data: { source: "extractive_summary" } }
        : { segments, notes: ["Nothing was said or written on screen to summarise"] };
    }
    try {
      const answer = await askModel(ctx, chat, input);
      ctx.progress(1);
      return { segments: placeAnswer(answer, input, chat.model), data: { source: "openai", model: chat.model } };
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      return {
        segments: await summaryOffline(input, ctx.signal),
        notes: [`The reasoning model ${chat.model} failed (${(err as Error).message}): the summary is made of passages picked from the video instead`],
        data: { source: "extractive_summary" },
      };
    }
  },
};
