// Chapter titles and summaries written by the configured chat model (OpenAI-compatible), from
// what is said and shown in each chapter. Null when no model is configured or its answer is not
// usable: the caller keeps the offline titles then.
import { z } from "zod";
import { getModelClient } from "@/lib/ai/provider";
import { clipText, timeRange } from "./key-phrases";
import type { PlannedChapter } from "./plan-chapters";
import { logger } from "@/lib/log/logger";

const log = logger("chapters");

export const CHAPTER_TITLES_PROMPT = [
  "You title the chapters of a video from what is said and shown in each chapter.",
  'Answer with only a JSON object: {"chapters": [{"index": 0, "title": "…", "summary": "…"}, …]}, one entry per chapter, in order.',
  "A title has at most 8 words and names the chapter's topic from its own words; never \"Chapter 1\" or a bare number.",
  "A summary is one sentence. Use only what the chapter's words say; invent nothing.",
  "For a chapter with no speech and no on-screen text, the title says so (for example \"No speech or text\") and the summary is empty.",
].join(" ");

const PER_CHAPTER_CHARS = 1500;
const TOTAL_CHARS = 40_000;

const answer = z.object({
  chapters: z.array(z.object({ index: z.number().int(), title: z.string().trim().min(1).max(255), summary: z.string().max(5000).nullable().optional() })),
});

export function chapterDigest(chapters: readonly PlannedChapter[]): string {
  const per = Math.min(PER_CHAPTER_CHARS, Math.floor(TOTAL_CHARS / Math.max(1, chapters.length)));
  return chapters
    .map((c, i) => {
      const said = c.speech.length ? clipText(c.speech.join(" "), per) : "(no speech)";
      const shown = c.screen.length ? clipText(c.screen.join(" / "), Math.floor(per / 2)) : "(no on-screen text)";
      return `[${i}] ${timeRange(c.start, c.end)}\nSaid: ${said}\nOn screen: ${shown}`;
    })
    .join("\n\n");
}

export async function modelTitles(
  chapters: readonly PlannedChapter[],
  signal?: AbortSignal,
): Promise<{ titles: { title: string; summary: string | null }[]; model: string } | null> {
  const chat = getModelClient("chat");
  if (!chat || !chapters.length) return null;
  try {
    const res = await chat.client.chat.completions.create(
      {
        model: chat.model,
        messages: [
          { role: "system", content: CHAPTER_TITLES_PROMPT },
          { role: "user", content: `The video has ${chapters.length} chapters. Answer in JSON.\n\n${chapterDigest(chapters)}` },
        ],
        response_format: { type: "json_object" },
      },
      { signal },
    );
    const parsed = answer.safeParse(JSON.parse(res.choices[0]?.message?.content ?? ""));
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "unexpected JSON");
    const byIndex = new Map(parsed.data.chapters.map((c) => [c.index, c]));
    const titles = chapters.map((_, i) => byIndex.get(i));
    if (titles.some((t) => !t)) throw new Error("the answer left chapters out");
    return { titles: titles.map((t) => ({ title: t!.title, summary: t!.summary?.trim() || null })), model: chat.model };
  } catch (err) {
    if (signal?.aborted) throw err;
    log.warn(`the model's titles are not usable, keeping the offline ones: ${(err as Error).message}`);
    return null;
  }
}
