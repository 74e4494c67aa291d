// video_reasoning: summary, chapters and key moments. With a chat model: one completion over a
// compact, time-stamped digest of the other modules' segments, validated, with times clamped to
// the video and snapped to real segment boundaries. Without one: a digest computed from the same
// segments (counts, pacing, on-screen text, transcript key phrases), labelled as computed.
import { z } from "zod";
import { getModelClient } from "@/lib/ai/provider";
import {
  boundaryTimes,
  buildPromptDigest,
  digestStats,
  formatTime,
  keyPhrasesOf,
  onScreenTexts,
  snapTime,
  transcriptText,
  type DigestInput,
  type SegmentLike,
} from "@/lib/analysis/text/digest";
import type { ModuleRunner, ModuleContext, ModuleResult, SegmentDraft } from "../../types";

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

/** The offline digest: only numbers and words taken from the segments. */
export function computedDigest(input: DigestInput): SegmentDraft[] {
  const stats = digestStats(input);
  const meta = (kind: string, extra: Record<string, unknown> = {}) => ({ provider: "local" as const, method: "computed_digest", kind, ...extra });
  const phrases = keyPhrasesOf(transcriptText(input.transcript, 0, Infinity, "\n"), 8);
  const texts = onScreenTexts(input.visual);
  const parts: string[] = [`Computed digest of a ${formatTime(input.duration)} video`];
  if (stats.shots) parts.push(`${stats.shots} shots (${stats.shotsPerMinute} per minute, mean shot ${stats.meanShotSeconds} s)`);
  if (stats.scenes) parts.push(`${stats.scenes} scenes`);
  parts.push(stats.transcriptCues ? `transcript of ${stats.transcriptWords} words in ${stats.transcriptCues} cues` : "no transcript");
  if (phrases.length) parts.push(`key phrases: ${phrases.map((p) => `"${p}"`).join(", ")}`);
  if (texts.length) parts.push(`on-screen text: ${texts.slice(0, 8).map((t) => `"${t.text}"`).join(", ")}`);
  if (input.logos.length) parts.push(`logos: ${[...new Set(input.logos.map((l) => l.content.trim()))].slice(0, 8).join(", ")}`);
  const out: SegmentDraft[] = [
    {
      start_time: 0,
      end_time: input.duration,
      content: `${parts.join("; ")}.`,
      metadata: meta("summary", { stats, key_phrases: phrases, on_screen_text: texts.slice(0, 20).map((t) => t.text) }),
    },
  ];
  const scenes = [...input.scenes].sort((a, b) => a.start_time - b.start_time);
  scenes.forEach((scene, i) => {
    const from = scene.start_time;
    const to = scene.end_time;
    const shots = input.shots.filter((s) => s.start_time >= from - 0.01 && s.start_time < to - 0.01).length;
    const words = transcriptText(input.transcript, from, to);
    const scenePhrases = keyPhrasesOf(transcriptText(input.transcript, from, to, "\n"), 4);
    const sceneTexts = texts.filter((t) => t.time >= from - 0.01 && t.time < to).map((t) => t.text);
    const bits = [`Scene ${i + 1} of ${scenes.length} (${formatTime(from)}–${formatTime(to)}, ${(to - from).toFixed(1)} s)`];
    if (shots) bits.push(`${shots} shot${shots === 1 ? "" : "s"}`);
    if (words) {
      const tokens = words.split(" ");
      bits.push(`speech: "${tokens.slice(0, 40).join(" ")}${tokens.length > 40 ? " …" : ""}"`);
    } else bits.push("no speech in the transcript");
    if (sceneTexts.length) bits.push(`on screen: ${sceneTexts.slice(0, 4).map((t) => `"${t}"`).join(", ")}`);
    out.push({
      start_time: from,
      end_time: to,
      content: bits.join("; "),
      metadata: meta("chapter", { scene: i + 1, shots, key_phrases: scenePhrases }),
    });
  });
  return out;
}

export const videoReasoning: ModuleRunner = {
  async run(ctx): Promise<ModuleResult> {
    const input = digestInput(ctx);
    if (!hasAnything(input)) {
      return { segments: [], notes: ["The other modules found nothing to summarise (no shots, scenes, transcript or on-screen text)"] };
    }
    const chat = getModelClient("chat");
    if (!chat) {
      return {
        segments: computedDigest(input),
        notes: ["No reasoning model is configured (set OPENAI_API_KEY): the summary and chapters are computed from the other modules' segments, without written prose"],
        data: { source: "computed_digest" },
      };
    }
    try {
      const answer = await askModel(ctx, chat, input);
      ctx.progress(1);
      return { segments: placeAnswer(answer, input, chat.model), data: { source: "openai", model: chat.model } };
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      return {
        segments: computedDigest(input),
        notes: [`The reasoning model ${chat.model} failed (${(err as Error).message}): a computed digest is shown instead`],
        data: { source: "computed_digest" },
      };
    }
  },
};
