// Keyframe description by a vision model (any OpenAI-compatible chat endpoint that takes images).
import fs from "node:fs";
import type OpenAI from "openai";

export async function imageDataUrl(jpegPath: string): Promise<string> {
  return `data:image/jpeg;base64,${(await fs.promises.readFile(jpegPath)).toString("base64")}`;
}

const DESCRIBE_PROMPT =
  "Describe this video frame in one or two short sentences: the people (how many, what they do, " +
  "no names or guesses about identity), the main objects, and the setting. Only state what is visible.";

/** One or two sentences on the people, objects and setting of a keyframe; empty when the model says nothing. */
export async function describeKeyframe(
  client: OpenAI,
  model: string,
  jpegPath: string,
  signal?: AbortSignal,
): Promise<string> {
  const res = await client.chat.completions.create(
    {
      model,
      temperature: 0,
      max_tokens: 160,
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: DESCRIBE_PROMPT },
            { type: "image_url", image_url: { url: await imageDataUrl(jpegPath), detail: "low" } },
          ],
        },
      ],
    },
    { signal },
  );
  return (res.choices[0]?.message?.content ?? "").replace(/\s+/g, " ").trim();
}
