// video_reasoning and the embed step through the real pipeline: with a model (a local
// OpenAI-compatible server) and offline (computed digest, local lexical embeddings).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { runEvents, segments as segmentsTable } from "@/db/schema";
import { embedTexts, LOCAL_EMBEDDING_MODEL } from "@/lib/ai/embeddings";
import { cosineSimilarity } from "@/lib/ai/lexical-embedding";
import { embedQuery } from "@/lib/search/embed-query";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { REASONING_SYSTEM_PROMPT } from "@/lib/pipeline/modules/video-reasoning/run";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { fakeEmbedding, useFakeOpenAI } from "../helpers/openai-server";
import { makeUser, type TestUser } from "../helpers/users";
import { processToCompletion, registerClip } from "../helpers/videos";

useApiTestEnv("model");

const CUES = [
  { start: 0.5, end: 1.75, text: "Welcome to the bakery" },
  { start: 2, end: 3.25, text: "We bake sourdough bread" },
  { start: 4, end: 5.5, text: "Thanks for baking along" },
];

let user: TestUser;
let runner: EmbeddedRunner;
const fake = useFakeOpenAI();
let clip: string;

beforeAll(async () => {
  user = await makeUser("model@example.com");
  runner = new EmbeddedRunner(await getDb(), { pollMs: 50, leaseMs: 10_000 }).start();
  clip = makeClip("bakery", { seconds: 6, subtitles: CUES });
});
afterAll(async () => {
  await runner?.stop();
});

async function analyse() {
  const jobId = await registerClip(user, clip);
  await processToCompletion(user, jobId, ["transcription", "video_reasoning"]);
  const video = (await call("GET", `/videos/${jobId}`, { auth: user.api_key })).body;
  const all = (await call("GET", `/videos/${jobId}/segments`, { auth: user.api_key })).body as any[];
  const db = await getDb();
  const stored = await db
    .select({ id: segmentsTable.id, content: segmentsTable.content, module: segmentsTable.module, embedding: segmentsTable.embedding, model: segmentsTable.embeddingModel })
    .from(segmentsTable)
    .where(eq(segmentsTable.jobId, jobId));
  const events = await db.select().from(runEvents).where(and(eq(runEvents.jobId, jobId), eq(runEvents.type, "module_completed")));
  const completed = (m: string) => events.map((e) => e.data as any).find((d) => d.module === m);
  return {
    jobId,
    duration: video.duration as number,
    reasoning: all.filter((s) => s.module === "video_reasoning").map((s) => ({ ...s, metadata: JSON.parse(s.metadata) })),
    stored,
    completed,
  };
}

describe("video_reasoning and embeddings with a model", () => {
  it("asks the chat model over the digest and places its chapters and key moments on real segment times", async () => {
    Object.assign(process.env, fake.env());
    fake.chat = (req) => {
      expect(req.body.response_format).toEqual({ type: "json_object" });
      return {
        summary: "A short bakery video about sourdough.",
        chapters: [
          { start: 0, end: 2.1, title: "Welcome" },
          { start: 2.1, end: 9, title: "Baking" },
        ],
        key_moments: [{ time: 2.2, description: "Sourdough bread is mentioned" }],
      };
    };
    const { reasoning, stored, duration } = await analyse();

    const [chat] = fake.requestsTo("/v1/chat/completions");
    expect(chat!.status).toBe(200);
    expect(chat!.body.model).toBe("gpt-4o-mini");
    expect(chat!.body.messages[0]).toEqual({ role: "system", content: REASONING_SYSTEM_PROMPT });
    const digest: string = chat!.body.messages[1].content;
    expect(digest).toContain("Transcript (3 cues):");
    expect(digest).toContain("[0:00.5–0:01.8] Welcome to the bakery");
    expect(digest).toContain("[0:02.0–0:03.3] We bake sourdough bread");
    expect(digest).toContain("[0:04.0–0:05.5] Thanks for baking along");

    const meta = { provider: "openai", model: "gpt-4o-mini" };
    const placed = reasoning.map((s) => [s.metadata.kind, s.start_time, s.end_time, s.content]);
    expect(placed).toHaveLength(4);
    expect(placed).toEqual(
      expect.arrayContaining([
        ["summary", 0, duration, "A short bakery video about sourdough."],
        ["chapter", 0, 2, "Welcome"], // 2.1 snapped to the cue at 2.0
        ["chapter", 2, duration, "Baking"], // 9 clamped to the video
        ["key_moment", 2, 3.25, "Sourdough bread is mentioned"], // anchored on that cue
      ]),
    );
    for (const s of reasoning) expect(s.metadata).toMatchObject(meta);

    // Every segment of the job was embedded by the model: base64 on the wire, 512 dimensions.
    const embeds = fake.requestsTo("/v1/embeddings");
    expect(embeds.length).toBeGreaterThan(0);
    for (const r of embeds) {
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ model: "text-embedding-3-small", encoding_format: "base64", dimensions: 512 });
    }
    expect(embeds.flatMap((r) => r.body.input)).toEqual(expect.arrayContaining(CUES.map((c) => c.text)));
    expect(stored.length).toBe(reasoning.length + CUES.length);
    for (const row of stored) {
      expect(row.model).toBe("text-embedding-3-small");
      const expected = fakeEmbedding(row.content.replace(/\s+/g, " ").trim(), 512);
      expect(row.embedding).toHaveLength(512);
      expect(Math.max(...row.embedding!.map((x, i) => Math.abs(x - expected[i]!)))).toBeLessThan(1e-6);
    }

    // A query is embedded with the stored vectors' model.
    const q = await embedQuery("We bake sourdough bread");
    expect(q?.model).toBe("text-embedding-3-small");
    const cue = stored.find((r) => r.content === "We bake sourdough bread")!;
    expect(cosineSimilarity(q!.vector, cue.embedding!)).toBeGreaterThan(0.999);
    expect((await embedQuery("x", { model: "some-other-model" }))).toBeNull();
  });

  it("asks again once when the answer is not the expected JSON", async () => {
    Object.assign(process.env, fake.env());
    let n = 0;
    fake.chat = () => (n++ === 0 ? "Here is the summary you asked for!" : { summary: "Bakery video.", chapters: [], key_moments: [] });
    const { reasoning } = await analyse();
    const chats = fake.requestsTo("/v1/chat/completions");
    expect(chats).toHaveLength(2);
    expect(chats[1]!.body.messages.at(-1).content).toMatch(/not usable \(the answer is not valid JSON\)/);
    expect(reasoning.map((s) => [s.metadata.kind, s.content])).toEqual([["summary", "Bakery video."]]);
  });

  it("a model that fails: the extractive summary, and the reason in the note", async () => {
    Object.assign(process.env, fake.env());
    fake.fail("/v1/chat/completions", 404, "The model `gpt-4o-mini` does not exist or you do not have access to it.");
    const { reasoning, completed } = await analyse();
    expect(reasoning.length).toBeGreaterThan(0);
    for (const s of reasoning) expect(s.metadata).toMatchObject({ provider: "local", method: "extractive_summary" });
    expect(completed("video_reasoning").notes[0]).toMatch(/^The reasoning model gpt-4o-mini failed \(404 The model `gpt-4o-mini` does not exist/);
  });

  it("an embeddings outage: segments get the local embedding, recorded as such", async () => {
    Object.assign(process.env, fake.env());
    fake.chat = () => ({ summary: "Bakery video.", chapters: [], key_moments: [] });
    fake.fail("/v1/embeddings", 500, "The server had an error while processing your request.", 10);
    const { stored } = await analyse();
    for (const row of stored) expect(row.model).toBe(LOCAL_EMBEDDING_MODEL);
  });
});

describe("video_reasoning and embeddings offline", () => {
  it("an extractive summary (the passages said, with their times; no counts), sentence-encoder embeddings recorded with their model", async () => {
    const { reasoning, stored, completed, duration } = await analyse();
    expect(fake.requests).toHaveLength(0);
    expect(reasoning.length).toBeGreaterThan(0);
    for (const s of reasoning) expect(s.metadata).toMatchObject({ provider: "local", method: "extractive_summary", model: LOCAL_EMBEDDING_MODEL });
    const summary = reasoning.find((s) => s.metadata.kind === "summary")!;
    expect([summary.start_time, summary.end_time]).toEqual([0, duration]);
    expect(summary.content).toContain("It covers ");
    expect(summary.content).toContain("sourdough bread");
    expect(summary.content).toContain("Key moments:\n[00:00] Welcome to the bakery\n[00:02] We bake sourdough bread\n[00:04] Thanks for baking along");
    expect(summary.content).not.toMatch(/\b\d+ (shots?|scenes?|cues?|words)\b/);
    expect(summary.metadata.key_moments.map((m: { start: number }) => m.start)).toEqual([0.5, 2, 4]);
    expect(completed("video_reasoning").notes ?? []).toEqual([]);

    const { vectors } = await embedTexts(stored.map((r) => r.content), { model: LOCAL_EMBEDDING_MODEL });
    stored.forEach((row, i) => {
      expect(row.model).toBe(LOCAL_EMBEDDING_MODEL);
      const expected = vectors[i]!;
      expect(Math.max(...row.embedding!.map((x, k) => Math.abs(x - expected[k]!)))).toBeLessThan(1e-5);
    });
    const q = await embedQuery("sourdough");
    expect(q?.model).toBe(LOCAL_EMBEDDING_MODEL);
    const cues = stored.filter((r) => r.module === "transcription");
    const best = cues.map((r) => ({ r, s: cosineSimilarity(q!.vector, r.embedding!) })).sort((a, b) => b.s - a.s)[0]!;
    expect(best.r.content).toBe("We bake sourdough bread");
  });
});
