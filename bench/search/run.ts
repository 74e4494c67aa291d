// Vector search latency and recall, on the product's own schema and migrations:
//   PGlite (in memory) and the PostgreSQL server (a scratch database va_bench_search, dropped
//   afterwards), each without and with the HNSW index (several hnsw.ef_search values).
// Measures the nearest-20 query of one user's scope (user + embedding model), p50/p95 latency and
// recall@20 against the exact answer, plus the product's whole candidate step (searchVectors +
// ranking) for a large scope (HNSW plan) and a small one (scoped exact scan).
//   npx tsx --conditions=react-server bench/search/run.ts
//   env: BENCH_ROWS (100000), BENCH_PGLITE_ROWS (20000), BENCH_QUERIES (100; PGlite at most 50; the
//        product's exact plan over a whole 100k library, ~1 s a query, runs a third of them),
//        BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_SKIP (pglite|server)
import crypto from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import { openPglite, openPostgres, type Db, type DbHandle } from "@/db/client";
import { EMBEDDING_DIMENSIONS } from "@/db/schema";
import { completedJobIds, HNSW_INDEX_NAME, vectorLiteral, type VectorScope } from "@/db/queries/search";
import { DEFAULT_SEARCH_THRESHOLD } from "@/lib/schemas/search";
import { rankCandidates } from "@/lib/search/rank";
import { HNSW_EF_SEARCH, searchVectors, type SearchPlan } from "@/lib/search/search-segments";

const ROWS = Number(process.env.BENCH_ROWS || 100_000);
const PGLITE_ROWS = Number(process.env.BENCH_PGLITE_ROWS || 20_000);
const QUERIES = Number(process.env.BENCH_QUERIES || 100);
const SMALL_ROWS = 2_000;
const SERVER_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const SCRATCH_DB = "va_bench_search";
const EF_VALUES = [20, 40, 64, 100, 128, 200, 300];
const MODEL = "bench-model";
const D = EMBEDDING_DIMENSIONS;
const K = 20;
const MODULES = ["transcription", "transcription", "transcription", "visualelements", "shots", "shots", "scenes", "grouped_shots", "logos", "video_reasoning"];

// ---- data: deterministic, clustered like text embeddings (topics → subtopics → items) ----------
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let spare: number | null = null;
  const gauss = () => {
    if (spare !== null) {
      const s = spare;
      spare = null;
      return s;
    }
    let u = 0;
    while (!u) u = next();
    const r = Math.sqrt(-2 * Math.log(u));
    const th = 2 * Math.PI * next();
    spare = r * Math.sin(th);
    return r * Math.cos(th);
  };
  return { next, gauss };
}

function unit(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < v.length; i++) v[i]! /= n;
  return v;
}

function makeGenerator(seed: number) {
  const r = prng(seed);
  const rand = (scale: number) => {
    const v = new Float32Array(D);
    for (let i = 0; i < D; i++) v[i] = r.gauss() * scale;
    return v;
  };
  const mix = (a: Float32Array, b: Float32Array, w: number) => unit(a.map((x, i) => x + w * b[i]!));
  // similarity ≈ 0.73 within a subtopic, ≈ 0.45 across subtopics of a topic, ≈ 0 across topics
  const topics = Array.from({ length: 200 }, () => unit(rand(1)));
  const subtopics = topics.map((t) => Array.from({ length: 20 }, () => mix(t, unit(rand(1)), 0.8)));
  return {
    point(): Float32Array {
      const sub = subtopics[Math.floor(r.next() * topics.length)]![Math.floor(r.next() * 20)]!;
      return mix(sub, unit(rand(1)), 0.6);
    },
    next: r.next,
  };
}

// ---- binary COPY (PGCOPY) of segments rows ------------------------------------------------------
const COPY_COLUMNS = "id, video_id, job_id, user_id, module, content, start_time, end_time, embedding, embedding_model";

interface BenchVideo {
  userId: string;
  videoId: string;
  jobId: string;
}

function uuidBytes(u: string): Buffer {
  return Buffer.from(u.replace(/-/g, ""), "hex");
}

function copyBuffer(rows: { video: BenchVideo; module: string; start: number; vector: Float32Array }[]): Buffer {
  const parts: Buffer[] = [Buffer.concat([Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"), Buffer.alloc(8)])];
  const model = Buffer.from(MODEL);
  for (const r of rows) {
    const moduleName = Buffer.from(r.module);
    const content = Buffer.from(`${r.module} segment at ${r.start.toFixed(1)} s`);
    const size = 2 + (4 + 16) * 4 + (4 + moduleName.length) + (4 + content.length) + (4 + 8) * 2 + (4 + 4 + 4 * D) + (4 + model.length);
    const b = Buffer.alloc(size);
    let o = b.writeInt16BE(10, 0);
    for (const u of [crypto.randomUUID(), r.video.videoId, r.video.jobId, r.video.userId]) {
      o = b.writeInt32BE(16, o);
      o += uuidBytes(u).copy(b, o);
    }
    for (const t of [moduleName, content]) {
      o = b.writeInt32BE(t.length, o);
      o += t.copy(b, o);
    }
    for (const f of [r.start, r.start + 2]) {
      o = b.writeInt32BE(8, o);
      o = b.writeDoubleBE(f, o);
    }
    o = b.writeInt32BE(4 + 4 * D, o);
    o = b.writeInt16BE(D, o);
    o = b.writeInt16BE(0, o);
    for (const x of r.vector) o = b.writeFloatBE(x, o);
    o = b.writeInt32BE(model.length, o);
    o += model.copy(b, o);
    parts.push(b);
  }
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1, 0);
  parts.push(trailer);
  return Buffer.concat(parts);
}

// ---- measuring ----------------------------------------------------------------------------------
function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

function rowsOf<T>(r: unknown): T[] {
  return (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
}

interface Row {
  backend: string;
  rows: number;
  what: string;
  p50: number;
  p95: number;
  recall?: number;
}

const results: Row[] = [];
function report(r: Row) {
  results.push(r);
  const recall = r.recall === undefined ? "" : `  recall@20 ${r.recall.toFixed(3)}`;
  console.log(`  ${r.what.padEnd(52)} p50 ${fmt(r.p50).padStart(7)} ms  p95 ${fmt(r.p95).padStart(7)} ms${recall}`);
}

/** Each query's best of REPEATS runs (other processes on a small machine add spikes that are not
 * the query's cost); p50/p95 are then taken across queries. */
const REPEATS = Number(process.env.BENCH_REPEATS || 3);

async function timeQueries<T>(queries: Float32Array[], run: (q: Float32Array) => Promise<T>): Promise<{ times: number[]; out: T[] }> {
  for (const q of queries.slice(0, 5)) await run(q); // warm caches
  const times: number[] = [];
  const out: T[] = [];
  for (const q of queries) {
    let best = Infinity;
    let result: T | undefined;
    for (let i = 0; i < REPEATS; i++) {
      const t0 = performance.now();
      result = await run(q);
      best = Math.min(best, performance.now() - t0);
    }
    out.push(result as T);
    times.push(best);
  }
  return { times, out };
}

/**
 * Two ways of answering the same queries, timed in turns (a then b for one query, b then a for the
 * next, REPEATS times each): each query's best run of each, so the machine's drift (this 2-core
 * VM's speed moves by 2× within a minute) hits both alike. Returns each one's times.
 */
async function timePaired(queries: Float32Array[], a: (q: Float32Array) => Promise<unknown>, b: (q: Float32Array) => Promise<unknown>): Promise<[number[], number[]]> {
  for (const q of queries.slice(0, 5)) {
    await a(q); // warm caches
    await b(q);
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (const [n, q] of queries.entries()) {
    let bestA = Infinity;
    let bestB = Infinity;
    for (let i = 0; i < REPEATS; i++) {
      for (const which of (n + i) % 2 ? ["b", "a"] : ["a", "b"]) {
        const t0 = performance.now();
        await (which === "a" ? a(q) : b(q));
        const ms = performance.now() - t0;
        if (which === "a") bestA = Math.min(bestA, ms);
        else bestB = Math.min(bestB, ms);
      }
    }
    ta.push(bestA);
    tb.push(bestB);
  }
  return [ta, tb];
}

const paired: string[] = [];

/** "product / raw" of paired timings: the ratio of the p50s, and the p50 of the per-query ratios. */
function pairedLine(label: string, raw: number[], product: number[]): string {
  const ratios = product.map((t, i) => t / raw[i]!);
  const line = `${label}: raw p50 ${pct(raw, 50).toFixed(2)} ms, product p50 ${pct(product, 50).toFixed(2)} ms → ${(pct(product, 50) / pct(raw, 50)).toFixed(2)}× (per query: p50 ${pct(ratios, 50).toFixed(2)}×)`;
  paired.push(line);
  return line;
}

function recallAt(got: string[][], truth: string[][]): number {
  let hit = 0;
  let total = 0;
  truth.forEach((t, i) => {
    const g = new Set(got[i]);
    hit += t.filter((id) => g.has(id)).length;
    total += t.length;
  });
  return total ? hit / total : 1;
}

// ---- one backend --------------------------------------------------------------------------------
async function seed(handle: DbHandle, rows: number, gen: ReturnType<typeof makeGenerator>): Promise<{ big: string; small: string; ms: number }> {
  const db = handle.db;
  const big = crypto.randomUUID();
  const small = crypto.randomUUID();
  await db.execute(sql`INSERT INTO users (id) VALUES (${big}), (${small})`);
  const perVideo = 1000;
  const videosFor = async (userId: string, n: number): Promise<BenchVideo[]> => {
    const out: BenchVideo[] = [];
    for (let i = 0; i < Math.ceil(n / perVideo); i++) {
      const v = { userId, videoId: crypto.randomUUID(), jobId: crypto.randomUUID() };
      await db.execute(sql`INSERT INTO videos (id, user_id, job_id, name, status, storage_path)
        VALUES (${v.videoId}, ${userId}, ${v.jobId}, ${`bench ${i}`}, 'completed', ${`users/${userId}/bench-${i}.mp4`})`);
      out.push(v);
    }
    return out;
  };
  const plan: { video: BenchVideo; module: string; start: number; vector: Float32Array }[] = [];
  for (const [userId, n] of [
    [big, rows],
    [small, SMALL_ROWS],
  ] as const) {
    const vids = await videosFor(userId, n);
    for (let i = 0; i < n; i++) {
      plan.push({ video: vids[Math.floor(i / perVideo)]!, module: MODULES[Math.floor(gen.next() * MODULES.length)]!, start: (i % perVideo) * 2.5, vector: gen.point() });
    }
  }
  const t0 = performance.now();
  const client = (db as unknown as { $client: any }).$client;
  for (let b = 0; b < plan.length; b += 20_000) {
    const buf = copyBuffer(plan.slice(b, b + 20_000));
    if (handle.kind === "pglite") {
      await client.query(`COPY segments (${COPY_COLUMNS}) FROM '/dev/blob' WITH (FORMAT binary)`, [], { blob: new Blob([new Uint8Array(buf)]) });
    } else {
      const stream = await client.unsafe(`COPY segments (${COPY_COLUMNS}) FROM STDIN WITH (FORMAT binary)`).writable();
      await new Promise<void>((resolve, reject) => {
        stream.on("error", reject);
        stream.on("finish", resolve);
        stream.end(buf);
      });
    }
  }
  const ms = performance.now() - t0;
  // the steady state autovacuum reaches after a bulk load: statistics and an all-visible map
  await db.execute(sql`VACUUM ANALYZE segments`);
  await db.execute(sql`ANALYZE videos`);
  return { big, small, ms };
}

/** The nearest K of one user; `exact` keeps the planner off the HNSW index (`+ 0`) where it exists. */
async function nearestIds(db: Db, userId: string, q: Float32Array, exact = false): Promise<string[]> {
  const v = vectorLiteral(Array.from(q));
  const distance = exact ? sql`(embedding <=> ${v}::vector) + 0` : sql`embedding <=> ${v}::vector`;
  const r = await db.execute(sql`SELECT id FROM segments WHERE user_id = ${userId} AND embedding_model = ${MODEL}
    ORDER BY ${distance} LIMIT ${K}`);
  return rowsOf<{ id: string }>(r).map((x) => x.id);
}

async function nearestIdsWithEf(db: Db, userId: string, q: Float32Array, ef: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    // as the product's HNSW plan does (db/queries/search.ts): no sort, so the index is walked
    await tx.execute(sql`SELECT set_config('hnsw.ef_search', ${String(ef)}, true), set_config('hnsw.iterative_scan', 'strict_order', true),
      set_config('enable_sort', 'off', true), set_config('jit', 'off', true)`);
    return nearestIds(tx, userId, q);
  });
}

async function explain(db: Db, userId: string, q: Float32Array): Promise<string> {
  const v = vectorLiteral(Array.from(q));
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('enable_sort', 'off', true)`);
    const r = await tx.execute(sql`EXPLAIN SELECT id FROM segments WHERE user_id = ${userId} AND embedding_model = ${MODEL}
      ORDER BY embedding <=> ${v}::vector LIMIT ${K}`);
    return rowsOf<Record<string, string>>(r).map((x) => Object.values(x)[0]).join("\n");
  });
}

/**
 * A query's words for the full-text half: a start time that one segment of every video holds in
 * its content ("… segment at 1250.0 s"), so the GIN lookup finds ~one segment per video (100 in
 * the big library, 2 for the small user) and they are scored and merged like any keyword hit.
 */
const queryWords = new Map<Float32Array, string>();
function wordsOf(q: Float32Array): string {
  let w = queryWords.get(q);
  if (!w) queryWords.set(q, (w = ((queryWords.size * 37) % 1000 * 2.5).toFixed(1)));
  return w;
}

/** The product's candidate step and ranking rules, with the API's defaults (limit 20, threshold 0.4). */
async function productSearch(db: Db, scope: VectorScope, q: Float32Array, plan?: SearchPlan) {
  const { candidates } = await searchVectors(db, { scope, vector: Array.from(q), text: wordsOf(q), limit: K, threshold: DEFAULT_SEARCH_THRESHOLD, plan });
  return rankCandidates(candidates, { limit: K, threshold: DEFAULT_SEARCH_THRESHOLD }).map((c) => c.id);
}

async function benchBackend(name: string, handle: DbHandle, rows: number) {
  const db = handle.db;
  const gen = makeGenerator(42);
  console.log(`\n## ${name}: ${rows.toLocaleString("en")} vectors (+${SMALL_ROWS.toLocaleString("en")} of a second user), ${D} dims`);
  await db.execute(sql.raw(`DROP INDEX IF EXISTS ${HNSW_INDEX_NAME}`));
  const { big, small, ms } = await seed(handle, rows, gen);
  console.log(`  load (binary COPY): ${(ms / 1000).toFixed(1)} s, ${Math.round(((rows + SMALL_ROWS) / ms) * 1000).toLocaleString("en")} rows/s`);

  const nQueries = handle.kind === "pglite" ? Math.min(QUERIES, 50) : QUERIES;
  const queries = Array.from({ length: nQueries }, () => gen.point());
  const bigScope: VectorScope = { userId: big, model: MODEL, jobIds: await completedJobIds(db, big), wholeLibrary: true };
  const smallScope: VectorScope = { userId: small, model: MODEL, jobIds: await completedJobIds(db, small), wholeLibrary: true };

  // exact: no index
  const exact = await timeQueries(queries, (q) => nearestIds(db, big, q));
  report({ backend: name, rows, what: "exact top-20, whole scope (no index)", p50: pct(exact.times, 50), p95: pct(exact.times, 95), recall: 1 });
  const truth = exact.out;
  const smallExact = await timeQueries(queries, (q) => nearestIds(db, small, q));
  report({ backend: name, rows: SMALL_ROWS, what: `exact top-20, ${SMALL_ROWS.toLocaleString("en")}-vector user (no index)`, p50: pct(smallExact.times, 50), p95: pct(smallExact.times, 95), recall: 1 });
  const productQueries = queries.slice(0, Math.max(10, Math.ceil(queries.length / 3)));
  const productExact = await timeQueries(productQueries, (q) => productSearch(db, bigScope, q, "exact"));
  report({ backend: name, rows, what: "product search (limit 20, threshold 0.4), exact plan", p50: pct(productExact.times, 50), p95: pct(productExact.times, 95) });
  const productSmall = await timeQueries(productQueries, (q) => productSearch(db, smallScope, q));
  report({ backend: name, rows: SMALL_ROWS, what: `product search, ${SMALL_ROWS.toLocaleString("en")}-vector user (auto: exact)`, p50: pct(productSmall.times, 50), p95: pct(productSmall.times, 95) });

  // Paired (interleaved) product against its raw query, before the index exists: the small user.
  const [pairRawSmall, pairProductSmall] = await timePaired(productQueries, (q) => nearestIds(db, small, q), (q) => productSearch(db, smallScope, q));
  console.log(`  ${pairedLine(`${name}, ${SMALL_ROWS.toLocaleString("en")}-vector user, no index: product (auto: exact) / raw exact scan`, pairRawSmall, pairProductSmall)}`);

  // HNSW
  const t0 = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('maintenance_work_mem', ${handle.kind === "pglite" ? "512MB" : "1GB"}, true)`);
    await tx.execute(sql.raw(`CREATE INDEX ${HNSW_INDEX_NAME} ON segments USING hnsw (embedding vector_cosine_ops)`));
  });
  console.log(`  HNSW build (m=16, ef_construction=64): ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await db.execute(sql`ANALYZE segments`);
  const plan = await explain(db, big, queries[0]!);
  if (!plan.includes(HNSW_INDEX_NAME)) console.log(`  ! the planner did not pick the HNSW index:\n${plan}`);
  let chosen: number | null = null;
  for (const ef of EF_VALUES) {
    const run = await timeQueries(queries, (q) => nearestIdsWithEf(db, big, q, ef));
    const recall = recallAt(run.out, truth);
    report({ backend: name, rows, what: `HNSW top-20, ef_search=${ef}`, p50: pct(run.times, 50), p95: pct(run.times, 95), recall });
    if (chosen === null && recall >= 0.98) chosen = ef;
  }
  const productExactIds = productExact.out;
  const productHnsw = await timeQueries(productQueries, (q) => productSearch(db, bigScope, q));
  report({
    backend: name,
    rows,
    what: `product search, auto plan (HNSW, ef_search=${HNSW_EF_SEARCH})`,
    p50: pct(productHnsw.times, 50),
    p95: pct(productHnsw.times, 95),
    recall: recallAt(productHnsw.out, productExactIds),
  });
  const smallWithIndex = await timeQueries(productQueries, (q) => productSearch(db, smallScope, q));
  report({ backend: name, rows: SMALL_ROWS, what: `product search, ${SMALL_ROWS.toLocaleString("en")}-vector user, index present (auto: exact)`, p50: pct(smallWithIndex.times, 50), p95: pct(smallWithIndex.times, 95), recall: recallAt(smallWithIndex.out, productSmall.out) });
  console.log(`  smallest ef_search with recall@20 ≥ 0.98: ${chosen ?? "none of " + EF_VALUES.join(", ")}`);
  if (handle.kind !== "pglite") {
    // The HNSW index exists (a server): the big library walks it; the small user is still scanned exactly.
    const [pairRaw, pairProduct] = await timePaired(productQueries, (q) => nearestIdsWithEf(db, big, q, HNSW_EF_SEARCH), (q) => productSearch(db, bigScope, q));
    console.log(`  ${pairedLine(`${name}, ${rows.toLocaleString("en")} vectors: product (auto: HNSW) / raw HNSW ef_search=${HNSW_EF_SEARCH}`, pairRaw, pairProduct)}`);
    const [pairRawS, pairProductS] = await timePaired(productQueries, (q) => nearestIds(db, small, q, true), (q) => productSearch(db, smallScope, q));
    console.log(`  ${pairedLine(`${name}, ${SMALL_ROWS.toLocaleString("en")}-vector user, index present: product (auto: exact) / raw exact scan`, pairRawS, pairProductS)}`);
  }
}

async function main() {
  const skip = (process.env.BENCH_SKIP || "").split(",");
  const started = performance.now();
  console.log(`load average at start: ${os.loadavg().map((x) => x.toFixed(1)).join(", ")} (${os.cpus().length} cores); each query's best of ${REPEATS} runs`);
  if (!skip.includes("pglite")) {
    const handle = await openPglite();
    try {
      await benchBackend("PGlite 0.5 (pgvector 0.8.7, WASM)", handle, PGLITE_ROWS);
    } finally {
      await handle.close();
    }
  }
  if (!skip.includes("server")) {
    const { default: postgres } = await import("postgres");
    const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${SCRATCH_DB} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${SCRATCH_DB}`);
    const url = new URL(SERVER_URL);
    url.pathname = `/${SCRATCH_DB}`;
    let handle: DbHandle | undefined;
    try {
      handle = await openPostgres(url.toString(), { max: 2 });
      const [{ version }] = rowsOf<{ version: string }>(await handle.db.execute(sql`SELECT extversion AS version FROM pg_extension WHERE extname = 'vector'`)) as [{ version: string }];
      await benchBackend(`PostgreSQL server (pgvector ${version})`, handle, ROWS);
    } finally {
      await handle?.close();
      // BENCH_KEEP=1 leaves the scratch database (with its index) for EXPLAIN ANALYZE by hand.
      if (process.env.BENCH_KEEP !== "1") await admin.unsafe(`DROP DATABASE IF EXISTS ${SCRATCH_DB} WITH (FORCE)`);
      await admin.end();
    }
  }
  console.log(`\n| backend | vectors | query | p50 ms | p95 ms | recall@20 |\n|---|---|---|---|---|---|`);
  for (const r of results) {
    console.log(`| ${r.backend} | ${r.rows.toLocaleString("en")} | ${r.what} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${r.recall === undefined ? "" : r.recall.toFixed(3)} |`);
  }
  console.log(`\nPaired, interleaved (each query's best of ${REPEATS} for each, in alternating order):\n${paired.map((l) => `- ${l}`).join("\n")}`);
  console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(0)} s; load average at the end: ${os.loadavg().map((x) => x.toFixed(1)).join(", ")}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
