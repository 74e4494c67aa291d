// POST /api/search against a real database: segments written with insertSegments and embedded by
// the pipeline's own embed step (the offline sentence encoder, a local OpenAI-compatible server
// when a model is configured), and one clip processed end to end. Expected similarities are
// computed from the same sentence encoder and the documented hybrid formula.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, getDbHandle } from "@/db/client";
import { scopeStats } from "@/db/queries/search";
import { embedTexts, LOCAL_EMBEDDING_MODEL } from "@/lib/ai/embeddings";
import { cosineSimilarity } from "@/lib/ai/lexical-embedding";
import { embedQuery } from "@/lib/search/embed-query";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { searchVectors } from "@/lib/search/search-segments";
import { summaryUnits } from "@/lib/analysis/text/extractive-summary";
import { embedTextsLocally } from "@/lib/ai/embeddings";
import { offlineSummary } from "@/lib/pipeline/modules/video-reasoning/run";
import { insertSegments } from "@/db/queries/segments";
import { embedJobSegments } from "@/lib/search/embed-segments";
import { rankCandidates } from "@/lib/search/rank";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { useFakeOpenAI } from "../helpers/openai-server";
import { addEmbeddedVideo, type SeedSegment } from "../helpers/segments";
import { makeUser, type TestUser } from "../helpers/users";
import { processToCompletion, registerClip } from "../helpers/videos";

useApiTestEnv("search");

let alice: TestUser;
let bob: TestUser;
const fake = useFakeOpenAI();

const addVideo = (owner: TestUser, segs: SeedSegment[], status = "completed") =>
  addEmbeddedVideo(owner, segs, { status, duration: 600, segmentSeconds: 1, metadata: JSON.stringify({ provider: "local", method: "test" }) });

/** The sentence encoder's cosine similarity (the semantic half of the score). */
async function cosine(a: string, b: string): Promise<number> {
  const { vectors } = await embedTexts([a, b], { model: LOCAL_EMBEDDING_MODEL });
  return cosineSimilarity(vectors[0]!, vectors[1]!);
}
const search = (user: TestUser, body: Record<string, unknown>) => call("POST", "/search", { auth: user.api_key, body });

let bakery: string; // alice, completed
let kitchen: string; // alice, completed
let pending: string; // alice, processing
let bobs: string; // bob, completed

beforeAll(async () => {
  alice = await makeUser("search-alice@example.com");
  bob = await makeUser("search-bob@example.com");
  bakery = (
    await addVideo(alice, [
      { module: "transcription", start: 0.5, content: "We bake sourdough bread every morning" },
      { module: "transcription", start: 2.0, content: "sourdough bread" }, // same window as 0.5, better
      { module: "transcription", start: 4.9, content: "The sourdough bread needs time" }, // same window
      { module: "transcription", start: 5.0, content: "sourdough bread and butter" }, // next window
      { module: "transcription", start: 12, content: "sourdough bread crust is crisp" },
      { module: "transcription", start: 19, content: "More sourdough bread for the shop" },
      { module: "transcription", start: 33, content: "Fresh sourdough bread on the shelf" },
      { module: "scenes", start: 0, end: 30, content: "Scene 1: a bakery counter with bread" },
      { module: "visualelements", start: 40, end: 45, content: "On-screen text: SOURDOUGH" },
      { module: "logos", start: 50, end: 52, content: "Acme Flour" },
    ])
  ).jobId;
  kitchen = (
    await addVideo(alice, [
      { module: "transcription", start: 1, content: "Chop the onions for the soup" },
      { module: "transcription", start: 8, content: "sourdough bread with soup" },
    ])
  ).jobId;
  pending = (await addVideo(alice, [{ module: "transcription", start: 3, content: "sourdough bread in a video still processing" }], "processing")).jobId;
  bobs = (await addVideo(bob, [{ module: "transcription", start: 1, content: "sourdough bread" }])).jobId;
});

describe("POST /api/search", () => {
  it("answers SearchResult[] with the hybrid similarity in [0, 1] and the matched words", async () => {
    const res = await search(alice, { query: "sourdough bread", threshold: 0 });
    expect(res.status, res.text).toBe(200);
    const exact = res.body.find((r: any) => r.content === "sourdough bread");
    expect(Object.keys(exact).sort()).toEqual(["about_video", "content", "end_time", "id", "job_id", "matched_terms", "metadata", "module", "similarity", "start_time"]);
    expect(exact).toMatchObject({ job_id: bakery, module: "transcription", start_time: 2, end_time: 3, matched_terms: ["sourdough", "bread"] });
    expect(exact.similarity).toBeCloseTo(1, 5);
    for (const r of res.body) {
      expect(r.similarity).toBeGreaterThanOrEqual(0);
      expect(r.similarity).toBeLessThanOrEqual(1);
    }
    // every word present: c = 1, phrase present: p = 1 → max(s, 0.7 + 0.3 s)
    const withPhrase = res.body.find((r: any) => r.content === "sourdough bread and butter");
    const s1 = await cosine("sourdough bread", withPhrase.content);
    expect(withPhrase.similarity).toBeCloseTo(Math.max(s1, 0.7 + 0.3 * Math.max(0, s1)), 4);
    expect(withPhrase.matched_terms).toEqual(["sourdough", "bread"]);
    const stop = (await search(alice, { query: "bread for the shop", threshold: 0, limit: 200 })).body.find((r: any) => r.content === "More sourdough bread for the shop");
    expect(stop.matched_terms).toEqual(["bread", "shop"]); // content words only, when there are any
    // one of two words: c = 0.5, no phrase → max(s, 0.5 × (0.6 + 0.3 s))
    const half = res.body.find((r: any) => r.content === "On-screen text: SOURDOUGH");
    const s2 = Math.max(0, await cosine("sourdough bread", half.content));
    expect(half.similarity).toBeCloseTo(Math.max(s2, 0.5 * (0.6 + 0.3 * s2)), 4);
    expect(half.matched_terms).toEqual(["SOURDOUGH"]);
    // no shared word: the cosine similarity alone, and nothing to highlight
    const none = res.body.find((r: any) => r.content === "Acme Flour");
    if (none) {
      expect(none.similarity).toBeCloseTo(Math.max(0, await cosine("sourdough bread", "Acme Flour")), 4);
      expect(none.matched_terms).toEqual([]);
    }
    const sims = res.body.map((r: any) => r.similarity);
    expect(sims).toEqual([...sims].sort((a: number, b: number) => b - a));
  });

  it("a word or a phrase of a segment is found at the default threshold, stems and stopwords too", async () => {
    for (const [query, content] of [
      ["butter", "sourdough bread and butter"],
      ["crust is crisp", "sourdough bread crust is crisp"],
      ["shelf", "Fresh sourdough bread on the shelf"],
      ["baking", "We bake sourdough bread every morning"], // English stem
      ["the shop", "More sourdough bread for the shop"],
      ["onions", "Chop the onions for the soup"],
    ]) {
      const res = await search(alice, { query });
      expect(res.status).toBe(200);
      const hit = res.body.find((r: any) => r.content === content);
      expect(hit, query).toBeDefined();
      expect(hit.similarity, query).toBeGreaterThanOrEqual(0.6);
      expect(hit.matched_terms.length, query).toBeGreaterThan(0);
    }
  });

  it("a paraphrase (sharing only a stopword) ranks the segment that means it first", async () => {
    const res = await search(alice, { query: "prepare the vegetables", threshold: 0 });
    expect(res.body[0].content).toBe("Chop the onions for the soup");
  });

  it("searches only the caller's completed videos by default", async () => {
    const res = await search(alice, { query: "sourdough bread", threshold: 0, limit: 200 });
    const jobs = new Set(res.body.map((r: any) => r.job_id));
    expect([...jobs].sort()).toEqual([bakery, kitchen].sort());
    expect(jobs.has(pending)).toBe(false);
    expect(jobs.has(bobs)).toBe(false);
  });

  it("threshold: drops results below it (default 0.4), keeps those at or above", async () => {
    const all = (await search(alice, { query: "sourdough bread", threshold: 0, limit: 200 })).body as any[];
    const dflt = (await search(alice, { query: "sourdough bread", limit: 200 })).body as any[];
    expect(all.some((r) => r.similarity < 0.4)).toBe(true);
    expect(dflt.length).toBeGreaterThan(0);
    expect(dflt.every((r) => r.similarity >= 0.4)).toBe(true);
    expect(dflt.map((r) => r.id)).toEqual(all.filter((r) => r.similarity >= 0.4).map((r) => r.id));
    const cut = all[2].similarity;
    const at = (await search(alice, { query: "sourdough bread", threshold: cut, limit: 200 })).body as any[];
    expect(at.every((r) => r.similarity >= cut)).toBe(true);
    expect(at.map((r) => r.id)).toContain(all[2].id);
    expect((await search(alice, { query: "sourdough bread", threshold: 1 })).body.map((r: any) => r.content)).toEqual(["sourdough bread"]);
  });

  it("dedups per (job_id, module, 5-second window floor(start_time/5)), keeping the best", async () => {
    const res = await search(alice, { query: "sourdough bread", job_id: bakery, modules: ["transcription"], threshold: 0, limit: 200 });
    const starts = res.body.map((r: any) => r.start_time).sort((a: number, b: number) => a - b);
    // 0.5, 2.0 and 4.9 share window 0: only 2.0 ("sourdough bread", the best) stays; 5.0 is window 1
    expect(starts).toEqual([2, 5, 12, 19, 33]);
    const windows = res.body.map((r: any) => `${r.job_id}/${r.module}/${Math.floor(r.start_time / 5)}`);
    expect(new Set(windows).size).toBe(windows.length);
  });

  it("round-robin across modules: a weaker module still gets its turn within limit", async () => {
    const res = await search(alice, { query: "sourdough bread", job_id: bakery, threshold: 0, limit: 3 });
    expect(res.status).toBe(200);
    const modules = res.body.map((r: any) => r.module);
    // transcription has five results better than anything else, yet limit 3 holds three modules
    expect(new Set(modules).size).toBe(3);
    expect(modules[0]).toBe("transcription");
    const best = (m: string) => Math.max(...(res.body as any[]).filter((r) => r.module === m).map((r) => r.similarity));
    expect(best("transcription")).toBeGreaterThan(0.9);
    // the three modules with the best hits took turns; the weakest module did not make it
    const every = (await search(alice, { query: "sourdough bread", job_id: bakery, threshold: 0, limit: 200 })).body as any[];
    const bestOf = new Map<string, number>();
    for (const r of every) bestOf.set(r.module, Math.max(bestOf.get(r.module) ?? 0, r.similarity));
    const weakest = [...bestOf.entries()].sort((a, b) => a[1] - b[1])[0]![0];
    expect(bestOf.size).toBe(4);
    expect(modules).not.toContain(weakest);
  });

  it("round-robin: the selection equals the rules applied to every scored segment", async () => {
    const all = (await search(alice, { query: "bread shop counter", threshold: 0, limit: 200 })).body as any[];
    const asCandidates = all.map((r) => ({ id: r.id, jobId: r.job_id, module: r.module, content: r.content, startTime: r.start_time, endTime: r.end_time, metadata: r.metadata, similarity: r.similarity }));
    for (const limit of [1, 2, 4, 6]) {
      const got = (await search(alice, { query: "bread shop counter", threshold: 0.1, limit })).body as any[];
      const want = rankCandidates(asCandidates, { limit, threshold: 0.1 });
      expect(got.map((r) => r.id), `limit ${limit}`).toEqual(want.map((c) => c.id));
    }
  });

  it("limit: default 20, at most 200", async () => {
    const big = await addVideo(
      alice,
      Array.from({ length: 60 }, (_, i) => ({ module: ["transcription", "shots", "scenes"][i % 3]!, start: i * 5, content: `pretzel number ${i}` })),
    );
    expect((await search(alice, { query: "pretzel number", job_id: big.jobId })).body).toHaveLength(20);
    expect((await search(alice, { query: "pretzel number", job_id: big.jobId, limit: 7 })).body).toHaveLength(7);
    expect((await search(alice, { query: "pretzel number", job_id: big.jobId, limit: 200, threshold: 0 })).body).toHaveLength(60);
    const over = await search(alice, { query: "pretzel", limit: 201 });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ detail: "limit: must be at most 200" });
    expect((await search(alice, { query: "pretzel", limit: 0 })).status).toBe(400);
    expect((await search(alice, { query: "pretzel", limit: 2.5 })).body.detail).toMatch(/^limit: /);
    expect((await search(alice, { query: "pretzel", threshold: 1.5 })).body.detail).toMatch(/^threshold: must be at most 1/);
    expect((await search(alice, { query: "pretzel", threshold: -0.1 })).body.detail).toMatch(/^threshold: /);
    expect((await search(alice, { query: "   " })).body.detail).toBe("query: must not be empty");
    expect((await search(alice, { threshold: 0.5 })).body.detail).toBe("query: is required");
  });

  it("modules filter: only those modules; an unknown module is a 400", async () => {
    const res = await search(alice, { query: "sourdough bread", modules: ["scenes", "visualelements"], threshold: 0 });
    expect(res.status).toBe(200);
    expect(new Set(res.body.map((r: any) => r.module))).toEqual(new Set(["scenes", "visualelements"]));
    const bad = await search(alice, { query: "sourdough bread", modules: ["transcription", "smells"] });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^modules\.1: must be one of /);
    const empty = await search(alice, { query: "sourdough bread", job_id: bakery, modules: [], threshold: 0, limit: 200 });
    expect(new Set(empty.body.map((r: any) => r.module)).size).toBe(4);
  });

  it("job_id / job_ids narrow the search (also to a video not completed yet)", async () => {
    const one = await search(alice, { query: "sourdough bread", job_id: kitchen, threshold: 0 });
    expect(new Set(one.body.map((r: any) => r.job_id))).toEqual(new Set([kitchen]));
    const two = await search(alice, { query: "sourdough bread", job_ids: [kitchen, pending], threshold: 0 });
    expect(new Set(two.body.map((r: any) => r.job_id))).toEqual(new Set([kitchen, pending]));
    const both = await search(alice, { query: "sourdough bread", job_id: bakery, job_ids: [kitchen.toUpperCase()], threshold: 0, limit: 200 });
    expect(new Set(both.body.map((r: any) => r.job_id))).toEqual(new Set([bakery, kitchen]));
  });

  it("404 Video not found for another user's job id, an unknown one or a malformed one — never an empty list", async () => {
    for (const body of [
      { job_id: bobs },
      { job_ids: [bakery, bobs] },
      { job_id: crypto.randomUUID() },
      { job_ids: ["not-a-uuid"] },
    ]) {
      const res = await search(alice, { query: "sourdough bread", ...body });
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.body).toEqual({ detail: "Video not found" });
    }
    // and bob sees only his own
    const res = await search(bob, { query: "sourdough bread" });
    expect(res.body.map((r: any) => r.job_id)).toEqual([bobs]);
  });

  it("a user with nothing indexed gets an empty list; a wordless query matches nothing", async () => {
    const carol = await makeUser("search-carol@example.com");
    expect((await search(carol, { query: "sourdough" })).body).toEqual([]);
    expect((await search(alice, { query: "!!! ???" })).body).toEqual([]);
  });

  it("401 without credentials", async () => {
    const res = await call("POST", "/search", { body: { query: "x" } });
    expect(res.status).toBe(401);
  });
});

describe("POST /api/search – whole-video summaries apart from the moments", () => {
  const SAID: SeedSegment[] = [
    { module: "transcription", start: 0.5, end: 4.5, content: "The mechanic fixed my car." },
    { module: "transcription", start: 10, end: 14.5, content: "We baked a birthday cake." },
    { module: "transcription", start: 15, end: 19.5, content: "The football match ended in a draw." },
    { module: "transcription", start: 22, end: 26, content: "We watched the football match on TV." },
  ];
  let dave: TestUser;
  let jobId: string;
  let summaryId: string;

  beforeAll(async () => {
    dave = await makeUser("search-dave@example.com");
    const video = await addEmbeddedVideo(dave, SAID, { duration: 30, segmentSeconds: 4, metadata: null });
    jobId = video.jobId;
    // video_reasoning's own offline output (the real sentence encoder), stored and embedded like a run's
    const input = { duration: 30, shots: [], scenes: [], visual: [], logos: [], transcript: SAID.map((s) => ({ start_time: s.start, end_time: s.end!, content: s.content })) };
    const units = summaryUnits(input);
    const drafts = offlineSummary(input, units, await embedTextsLocally(units.map((u) => u.text)));
    const db = await getDb();
    const [summary] = await insertSegments(
      db,
      drafts.map((d) => ({ ...video, userId: dave.user_id, module: "video_reasoning", startTime: d.start_time, endTime: d.end_time, content: d.content, metadata: JSON.stringify(d.metadata) })),
    );
    summaryId = summary!.id;
    await embedJobSegments(db, { userId: dave.user_id, jobId });
  });

  it("the summary matches, but is no hit: the moments come first, and the best hit carries it as about_video", async () => {
    const hits = (await search(dave, { query: "football match", job_id: jobId })).body as any[];
    expect(hits.length).toBeGreaterThanOrEqual(2);
    expect(hits.map((h) => h.id)).not.toContain(summaryId);
    expect(hits.map((h) => h.module)).not.toContain("video_reasoning");
    expect(hits.slice(0, 2).map((h) => h.start_time).sort()).toEqual([15, 22]);
    expect(hits[0].about_video).toMatchObject({ segment_id: summaryId });
    expect(hits[0].about_video.content).toMatch(/^It covers .*football match/);
    for (const h of hits.slice(1)) expect(h.about_video).toBeNull(); // once per video
    // asked for alone, video_reasoning's summary is a hit like any other segment
    const only = (await search(dave, { query: "football match", job_id: jobId, modules: ["video_reasoning"] })).body as any[];
    expect(only.map((h) => h.id)).toContain(summaryId);
  });

  it("a video without a summary: about_video is null", async () => {
    const hits = (await search(alice, { query: "sourdough bread", job_id: kitchen })).body as any[];
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) expect(h.about_video).toBeNull();
  });
});

describe("POST /api/search – vectors of one model only", () => {
  it("embeds the query with each stored model, compares only like with like", async () => {
    Object.assign(process.env, fake.env());
    // a video embedded by the configured model (the fake's vectors are hashes: equal text ⇒ similarity 1)
    const remote = await addVideo(alice, [
      { module: "transcription", start: 1, content: "croissant lamination technique" },
      { module: "transcription", start: 9, content: "something else entirely" },
    ]);
    const db = await getDb();
    const rows = (await db.execute(`SELECT DISTINCT embedding_model FROM segments WHERE job_id = '${remote.jobId}'`)) as any;
    expect((Array.isArray(rows) ? rows : rows.rows).map((r: any) => r.embedding_model)).toEqual(["text-embedding-3-small"]);
    fake.reset();

    const res = await search(alice, { query: "croissant lamination technique", threshold: 0.95, limit: 200 });
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((r: any) => r.content)).toEqual(["croissant lamination technique"]);
    expect(res.body[0].similarity).toBeCloseTo(1, 5);
    // the query went to the model once, with the stored vectors' model and 512 dimensions
    const sent = fake.requestsTo("/v1/embeddings");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ model: "text-embedding-3-small", dimensions: 512, input: ["croissant lamination technique"] });

    // the locally embedded videos are still searched, with a locally embedded query
    const local = await search(alice, { query: "sourdough bread", threshold: 0.99 });
    expect(local.body.map((r: any) => r.content)).toEqual(["sourdough bread"]);

    // without the model, its vectors cannot be compared with anything: they are left out, no error
    delete process.env.OPENAI_API_KEY;
    fake.reset();
    const offline = await search(alice, { query: "croissant lamination technique", threshold: 0, limit: 200 });
    expect(offline.status).toBe(200);
    expect(offline.body.some((r: any) => r.job_id === remote.jobId)).toBe(false);
    expect(fake.requests).toHaveLength(0);
  });

  it("502 with the model's words when the embedding model fails", async () => {
    Object.assign(process.env, fake.env());
    await addVideo(alice, [{ module: "transcription", start: 1, content: "baguette scoring" }]);
    fake.fail("/v1/embeddings", 400, "This model is unavailable today", 1);
    const res = await search(alice, { query: "baguette" });
    expect(res.status).toBe(502);
    expect(res.body.detail).toMatch(/^The embedding model text-embedding-3-small could not embed the query: .*unavailable today/);
  });
});

describe("search plans", () => {
  it("the HNSW index exists on a Postgres server and not in PGlite (its migration skips PGlite)", async () => {
    const handle = await getDbHandle();
    const stats = await scopeStats(await getDb(), { userId: alice.user_id, model: LOCAL_EMBEDDING_MODEL, jobIds: [bakery], wholeLibrary: true }, 100);
    expect(stats.hasIndex).toBe(handle.kind === "postgres");
    expect(stats.rows).toBeGreaterThan(0);
  });

  it("vectors are stored in the row (storage MAIN, 4 KB tuple target), not fetched from TOAST on every scan", async () => {
    const db = await getDb();
    const r = (await db.execute(`SELECT a.attstorage, c.reloptions, pg_relation_size(c.reltoastrelid) AS toast_bytes
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid WHERE c.relname = 'segments' AND a.attname = 'embedding'`)) as any;
    const [row] = Array.isArray(r) ? r : r.rows;
    expect(row.attstorage).toBe("m");
    expect(String(row.reloptions)).toContain("toast_tuple_target=4080");
    expect(Number(row.toast_bytes)).toBe(0); // every vector written by these tests sits in its row
  });

  it("the exact plan and (where the index exists) the HNSW plan find the same candidates on a small scope", async () => {
    const db = await getDb();
    const handle = await getDbHandle();
    const q = await embedQuery("sourdough bread", { model: LOCAL_EMBEDDING_MODEL });
    const scope = { userId: alice.user_id, model: LOCAL_EMBEDDING_MODEL, jobIds: [bakery, kitchen] };
    const text = "sourdough bread";
    const exact = await searchVectors(db, { scope, vector: q!.vector, text, limit: 5, threshold: 0.2, plan: "exact" });
    expect(exact.plan).toBe("exact");
    const ranked = rankCandidates(exact.candidates, { limit: 5, threshold: 0.2 });
    expect(ranked.length).toBeGreaterThan(2);
    const auto = await searchVectors(db, { scope, vector: q!.vector, text, limit: 5, threshold: 0.2 });
    expect(auto.plan).toBe("exact"); // a small scope is scanned
    if (handle.kind !== "postgres") return;
    const hnsw = await searchVectors(db, { scope, vector: q!.vector, text, limit: 5, threshold: 0.2, plan: "hnsw" });
    expect(hnsw.plan).toBe("hnsw");
    expect(rankCandidates(hnsw.candidates, { limit: 5, threshold: 0.2 }).map((c) => c.id)).toEqual(ranked.map((c) => c.id));
  });
});

describe("search plans – the capped HNSW fetch", () => {
  it("tops up modules that ran short below the cut, so round-robin matches the exact plan", async () => {
    const db = await getDb();
    const crowd = await addVideo(alice, [
      // 150 near-identical transcription hits crowd the 100 nearest…
      ...Array.from({ length: 150 }, (_, i) => ({ module: "transcription", start: i * 5, content: `croissant butter layers ${i}` })),
      // …while the other modules' hits are weaker and fall below the cut
      { module: "scenes", start: 0, end: 20, content: "croissant counter" },
      { module: "logos", start: 30, end: 31, content: "Butter Co croissant" },
    ]);
    const q = await embedQuery("croissant butter layers", { model: LOCAL_EMBEDDING_MODEL });
    const scope = { userId: alice.user_id, model: LOCAL_EMBEDDING_MODEL, jobIds: [crowd.jobId] };
    const opts = { limit: 4, threshold: 0.2, text: "croissant butter layers" };
    const exact = rankCandidates((await searchVectors(db, { scope, vector: q!.vector, ...opts, plan: "exact" })).candidates, opts);
    expect(new Set(exact.map((c) => c.module))).toEqual(new Set(["transcription", "scenes", "logos"]));
    const hnsw = await searchVectors(db, { scope, vector: q!.vector, ...opts, plan: "hnsw" });
    expect(hnsw.candidates.filter((c) => c.module === "transcription").length).toBeGreaterThanOrEqual(100);
    expect(rankCandidates(hnsw.candidates, opts).map((c) => c.id)).toEqual(exact.map((c) => c.id));
  });
});

describe("POST /api/search on a processed clip", () => {
  let runner: EmbeddedRunner;
  beforeAll(async () => {
    runner = new EmbeddedRunner(await getDb(), { pollMs: 50, leaseMs: 10_000 }).start();
  });
  afterAll(async () => {
    await runner?.stop();
  });

  it("finds a subtitle cue of a generated clip at its time", async () => {
    const clip = makeClip("search-bakery", {
      seconds: 8,
      subtitles: [
        { start: 0.5, end: 2, text: "Welcome to the harbour" },
        { start: 6, end: 7.5, text: "The lighthouse keeper waves" },
      ],
    });
    const jobId = await registerClip(alice, clip);
    await processToCompletion(alice, jobId, ["transcription"]);
    const res = await search(alice, { query: "lighthouse keeper" });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ job_id: jobId, module: "transcription", content: "The lighthouse keeper waves", start_time: 6 });
  });
});

describe("POST /api/search – paraphrases (issue 35; bench/search/paraphrase.ts measures the set)", () => {
  it("a query that means a line without its words finds it across the library at the default threshold: 'train journey' → the overnight express, above the parking signs", async () => {
    const erin = await makeUser("search-erin@example.com");
    await addVideo(erin, [
      { module: "transcription", start: 0.3, content: "We boarded the overnight express at the central station, and the locomotive pulled out at midnight." },
      { module: "transcription", start: 6.3, content: "The football match ended two nil after a late penalty." },
      { module: "transcription", start: 12.3, content: "We baked a chocolate birthday cake with twelve candles for my niece." },
    ]);
    await addVideo(erin, [
      { module: "visualelements", start: 0, content: 'Grey, white · bright, low contrast · static motion · text: "CENTRE PARKING"' },
      { module: "visualelements", start: 6, content: 'Blue, grey · moderate motion · 2 people, a car · text: "PARKING FOR CUSTOMERS ONLY"' },
    ]);
    const hits = (await search(erin, { query: "train journey" })).body as any[];
    const at = hits.findIndex((h) => h.content.startsWith("We boarded the overnight express"));
    expect(at, JSON.stringify(hits.map((h) => [h.content.slice(0, 30), h.similarity]))).toBeGreaterThanOrEqual(0);
    expect(at).toBeLessThan(3);
    expect(hits[0].content).not.toContain("PARKING");
    // the same text still scores 1 (the query is also compared as typed)
    const same = (await search(erin, { query: "The football match ended two nil after a late penalty.", threshold: 0.999 })).body as any[];
    expect(same.map((h) => h.similarity)).toEqual([1]);
  });
});
