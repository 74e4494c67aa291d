// Logo and brand recognition on a keyframe by a vision model, answered as JSON and validated.
import type OpenAI from "openai";
import { z } from "zod";
import { imageDataUrl } from "@/lib/analysis/visual/describe-frame";

export interface SeenLogo {
  brand: string;
  confidence: number;
  /** Where in the frame, in the model's words (optional). */
  where: string | null;
}

const answerSchema = z.object({
  logos: z
    .array(
      z.object({
        brand: z.string().trim().min(1).max(100),
        confidence: z.number().min(0).max(1).optional(),
        where: z.string().max(200).nullish(),
      }),
    )
    .max(50),
});

const PROMPT =
  "List the brands whose logos or brand names are visible in this video frame. Only include brands " +
  "you can actually see (a logo, wordmark or product branding); do not infer brands from context. " +
  'Answer with JSON only: {"logos": [{"brand": "<brand name>", "confidence": <0..1>, "where": "<where in the frame>"}]}. ' +
  'If no brand is visible, answer {"logos": []}.';

/** The model's answer text → validated logos; throws when the answer is not the JSON asked for. */
export function parseLogoAnswer(text: string): SeenLogo[] {
  const trimmed = text.trim().replace(/^```(?:json)?\s*/i, "").replace(/\s*```$/, "");
  const start = trimmed.indexOf("{");
  const end = trimmed.lastIndexOf("}");
  if (start < 0 || end < start) throw new Error("the model did not answer with JSON");
  const parsed = answerSchema.safeParse(JSON.parse(trimmed.slice(start, end + 1)));
  if (!parsed.success) throw new Error("the model's JSON did not have the expected shape");
  return parsed.data.logos.map((l) => ({ brand: l.brand, confidence: l.confidence ?? 1, where: l.where ?? null }));
}

export async function recognizeLogos(client: OpenAI, model: string, jpegPath: string, signal?: AbortSignal): Promise<SeenLogo[]> {
  const res = await client.chat.completions.create(
    {
      model,
      temperature: 0,
      max_tokens: 400,
      response_format: { type: "json_object" },
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: PROMPT },
            { type: "image_url", image_url: { url: await imageDataUrl(jpegPath), detail: "high" } },
          ],
        },
      ],
    },
    { signal },
  );
  return parseLogoAnswer(res.choices[0]?.message?.content ?? "");
}
