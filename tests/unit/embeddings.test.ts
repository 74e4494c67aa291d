// The offline sentence encoder (real model, in the TF.js models' process), the legacy lexical embedding's
// properties, and embedTexts against a local OpenAI-compatible server.
import { describe, expect, it } from "vitest";
import { EMBEDDING_DIMENSIONS } from "@/db/schema";
import { embedTexts, embeddingInput, EMBED_TEXT_MAX_CHARS, currentEmbeddingModel, LOCAL_EMBEDDING_MODEL, LEXICAL_EMBEDDING_MODEL } from "@/lib/ai/embeddings";
import { cosineSimilarity, lexicalEmbedding as localEmbedding } from "@/lib/ai/lexical-embedding";
import { encodeSentences, loadSentenceEncoder } from "@/lib/ai/sentence-encoder";
import { useFakeOpenAI } from "../helpers/openai-server";

const sim = (a: string, b: string) => cosineSimilarity(localEmbedding(a)!, localEmbedding(b)!);

describe("offline sentence encoder (Universal Sentence Encoder Lite)", () => {
  it("loads once, in the models' process, and makes unit-length 512-dimensional vectors", async () => {
    const ms = await loadSentenceEncoder();
    expect(ms).toBeGreaterThan(0);
    expect(await loadSentenceEncoder()).toBe(ms); // the same process: loaded once
    const [a, b] = await encodeSentences(["A bird sings in the tree", "A bird sings in the tree"]);
    expect(a).toHaveLength(EMBEDDING_DIMENSIONS);
    expect(a).toEqual(b);
    expect(Math.sqrt(a!.reduce((s: number, x: number) => s + x * x, 0))).toBeCloseTo(1, 3);
  });

  it("makes the vectors it made before (stored ones stay comparable, nothing needs re-embedding)", async () => {
    // Measured when the encoder ran in a worker thread of the server (2026-11-26).
    const [v] = await encodeSentences(["A cockatoo sits on the lighthouse rail."]);
    const before = [0.040351, 0.055408, 0.005313, -0.035849, -0.042079, 0.029498];
    before.forEach((x, i) => expect(Math.abs(v![i]! - x)).toBeLessThanOrEqual(2e-6));
  });

  it("answers in the order asked, whatever lengths share a batch (texts are batched by length)", async () => {
    // More than one batch, lengths shuffled: a long OCR-like line among short ones.
    const texts = Array.from({ length: 21 }, (_, i) =>
      i % 5 === 2 ? `On screen: ${"Harbour Street, open daily from nine to five. ".repeat(4)}${i}` : `a bird on a rail, shot ${i}`,
    );
    const together = await encodeSentences(texts);
    expect(together).toHaveLength(texts.length);
    for (const i of [0, 2, 7, 12, 20]) {
      const [alone] = await encodeSentences([texts[i]!]);
      expect(cosineSimilarity(together[i]!, alone!)).toBeGreaterThan(0.99999);
    }
  });

  it("places meanings, not spellings, close together", async () => {
    const [bird, sparrow, market, dark, fade] = await encodeSentences(["bird", "sparrow", "the stock market", "when does the screen go dark", "the picture fades to black"]);
    expect(cosineSimilarity(bird!, sparrow!)).toBeGreaterThan(cosineSimilarity(bird!, market!) + 0.25);
    expect(cosineSimilarity(dark!, fade!)).toBeGreaterThan(cosineSimilarity(dark!, market!));
  });

  it("is the model embedTexts uses when none is configured; wordless texts get null", async () => {
    const out = await embedTexts(["hello world", "..."]);
    expect(out.model).toBe(LOCAL_EMBEDDING_MODEL);
    expect(out.vectors[0]).toEqual((await encodeSentences(["hello world"]))[0]);
    expect(out.vectors[1]).toBeNull();
  });
});

describe("legacy lexical embedding", () => {
  it("is deterministic, 512-dimensional and unit length", () => {
    const a = localEmbedding("The red car drives down Main Street")!;
    expect(a).toHaveLength(EMBEDDING_DIMENSIONS);
    expect(localEmbedding("The red car drives down Main Street")).toEqual(a);
    expect(Math.sqrt(a.reduce((s, x) => s + x * x, 0))).toBeCloseTo(1, 4);
  });

  it("ranks texts that share words above texts that do not", () => {
    const query = "red car";
    const hit = sim(query, "A red car drives down the street past the bakery");
    const partial = sim(query, "The car park is empty at night");
    const miss = sim(query, "Whisk the eggs with sugar until fluffy");
    expect(hit).toBeGreaterThan(0.4);
    expect(hit).toBeGreaterThan(partial);
    expect(partial).toBeGreaterThan(miss);
    expect(Math.abs(miss)).toBeLessThan(0.2);
  });

  it("matches case, accents and word forms (through character trigrams)", () => {
    expect(sim("CAFÉ", "cafe")).toBeCloseTo(1, 5);
    expect(sim("interviewing", "interview")).toBeGreaterThan(0.3);
    expect(sim("interviewing", "basketball")).toBeLessThan(0.15);
  });

  it("gives stopwords no weight of their own", () => {
    expect(sim("the cat", "cat")).toBeGreaterThan(0.8);
    expect(sim("the of and to", "the of and to")).toBeCloseTo(1, 5); // only stopwords: still embeddable
    expect(localEmbedding("!!! ...")).toBeNull();
  });

  it("truncates long content to a prefix", () => {
    expect(embeddingInput("word ".repeat(5000))).toHaveLength(EMBED_TEXT_MAX_CHARS);
  });
});

describe("embedTexts", () => {
  const fake = useFakeOpenAI({ alsoUnset: ["OPENAI_EMBEDDING_MODEL"] });

  it("uses the sentence encoder when no model is configured; the lexical hash when asked for by name", async () => {
    expect(currentEmbeddingModel()).toBe(LOCAL_EMBEDDING_MODEL);
    const out = await embedTexts(["hello world", "..."], { model: LEXICAL_EMBEDDING_MODEL });
    expect(out.model).toBe(LEXICAL_EMBEDDING_MODEL);
    expect(out.vectors[0]).toEqual(localEmbedding("hello world"));
    expect(out.vectors[1]).toBeNull();
  });

  it("asks the configured model for 512 dimensions in base64, skipping empty texts", async () => {
    Object.assign(process.env, fake.env());
    const out = await embedTexts(["alpha", "", "beta"]);
    expect(out.model).toBe("text-embedding-3-small");
    expect(out.vectors[0]).toHaveLength(512);
    expect(out.vectors[1]).toBeNull();
    expect(out.vectors[2]).toHaveLength(512);
    const [req] = fake.requestsTo("/v1/embeddings");
    expect(req!.status).toBe(200);
    expect(req!.body).toMatchObject({ model: "text-embedding-3-small", input: ["alpha", "beta"], dimensions: 512, encoding_format: "base64" });
    // The SDK decoded the float32 base64 the server sent: equal texts, equal vectors.
    const again = await embedTexts(["beta"]);
    expect(again.vectors[0]).toEqual(out.vectors[2]);
  });

  it("surfaces the API's error for a model that cannot shorten its vectors", async () => {
    Object.assign(process.env, fake.env(), { OPENAI_EMBEDDING_MODEL: "text-embedding-ada-002" });
    await expect(embedTexts(["alpha"])).rejects.toThrow(/does not support specifying dimensions/);
  });
});
