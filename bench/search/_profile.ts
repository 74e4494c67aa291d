import { sql } from "drizzle-orm";
import postgres from "postgres";
import { openPostgres } from "@/db/client";
import { hnswCandidates, scopeStats, vectorLiteral } from "@/db/queries/search";
import { modulesThatRanShort } from "@/lib/search/rank";
import { MODULE_NAMES } from "@/lib/pipeline/module-names";
const admin = postgres("postgres://postgres@127.0.0.1:5432/postgres", { max: 1, onnotice: () => {} });
await admin.unsafe("DROP DATABASE IF EXISTS va_bench_profile WITH (FORCE)"); await admin.unsafe("CREATE DATABASE va_bench_profile");
const h = await openPostgres("postgres://postgres@127.0.0.1:5432/va_bench_profile", { max: 2 });
const db = h.db;
const N = 20000, D = 512;
const u = crypto.randomUUID();
await db.execute(sql`INSERT INTO users (id) VALUES (${u})`);
const vids: string[][] = [];
for (let i = 0; i < 40; i++) { const v = [crypto.randomUUID(), crypto.randomUUID()]; vids.push(v); await db.execute(sql`INSERT INTO videos (id,user_id,job_id,name,status,storage_path) VALUES (${v[0]},${u},${v[1]},'b','completed',${'p'+i})`); }
const mods = ["transcription","transcription","transcription","visualelements","shots","shots","scenes","grouped_shots","logos","video_reasoning"];
const rnd = () => { const v = Array.from({length: D}, () => Math.random() - 0.5); const n = Math.hypot(...v); return v.map(x => x/n); };
const cents = Array.from({length: 300}, rnd);
const pt = () => { const c = cents[Math.floor(Math.random()*300)]; const v = c.map(x => x + (Math.random()-0.5)*0.06); const n = Math.hypot(...v); return v.map(x=>x/n); };
await db.execute(sql`DROP INDEX segments_embedding_hnsw_idx`);
for (let b = 0; b < N; b += 500) {
  const vals = Array.from({length: 500}, (_, j) => { const i = b + j; const v = vids[Math.floor(i/1000)]; return sql`(${v[0]}::uuid, ${v[1]}::uuid, ${u}::uuid, ${mods[i%10]}, 'c', ${(i%1000)*2.5}, ${(i%1000)*2.5+2}, ${vectorLiteral(pt())}::vector, 'm')`; });
  await db.execute(sql`INSERT INTO segments (video_id, job_id, user_id, module, content, start_time, end_time, embedding, embedding_model) VALUES ${sql.join(vals, sql`, `)}`);
}
await db.execute(sql`SET maintenance_work_mem='1GB'`);
let t = performance.now();
await db.execute(sql`CREATE INDEX segments_embedding_hnsw_idx ON segments USING hnsw (embedding vector_cosine_ops)`);
console.log("build", performance.now() - t);
await db.execute(sql`VACUUM ANALYZE segments`);
const scope = { userId: u, model: "m" };
const T: Record<string, number[]> = { stats: [], k100: [], k20: [] };
let supp = 0;
for (let i = 0; i < 0; i++) {
  const q = pt();
  t = performance.now(); await scopeStats(db, scope, 10001); T.stats.push(performance.now() - t);
  t = performance.now(); const c = await hnswCandidates(db, { scope, vector: q, k: 100, settings: { efSearch: 100 } }); T.k100.push(performance.now() - t);
  t = performance.now(); await hnswCandidates(db, { scope, vector: q, k: 20, settings: { efSearch: 100 } }); T.k20.push(performance.now() - t);
  const last = c[c.length-1];
  if (c.length === 100 && last.similarity >= 0.4) { supp++; const s = modulesThatRanShort(c, {limit: 20, threshold: 0.4}, MODULE_NAMES); if (i < 3) console.log("short", s); }
}
const med = (xs: number[]) => xs.sort((a,b)=>a-b)[Math.floor(xs.length/2)];

console.log("truncated", supp);
const jobs = `{${vids.map(v => v[1]).join(",")}}`;
const qv = vectorLiteral(pt());
const show = async (label: string, pre: string, q: string) => {
  const r = await db.transaction(async (tx) => { if (pre) await tx.execute(sql.raw(pre)); return tx.execute(sql.raw(q)); });
  const lines = (r as any).map((x: any) => x["QUERY PLAN"]).filter((l: string) => !l.includes("Sort Key"));
  console.log("==", label, "\n" + lines.join("\n").slice(0, 1500));
};
const base = (filter: string) => `EXPLAIN ANALYZE SELECT id FROM segments WHERE user_id = '${u}' AND embedding_model = 'm' AND embedding IS NOT NULL AND ${filter} ORDER BY embedding <=> '${qv}'::vector LIMIT 100`;
await show("A any-array", "SET LOCAL hnsw.iterative_scan = strict_order", base(`job_id = ANY('${jobs}'::uuid[])`));
await show("B subquery + enable_sort off", "SET LOCAL hnsw.iterative_scan = strict_order; SET LOCAL enable_sort = off", base(`job_id IN (SELECT job_id FROM videos WHERE user_id = '${u}' AND status = 'completed')`));
await show("C any-array, one job", "SET LOCAL hnsw.iterative_scan = strict_order", base(`job_id = ANY('{${vids[0][1]}}'::uuid[])`));
await show("D any-array, one job, enable_sort off", "SET LOCAL hnsw.iterative_scan = strict_order; SET LOCAL enable_sort = off", base(`job_id = ANY('{${vids[0][1]}}'::uuid[])`));
await h.close(); await admin.unsafe("DROP DATABASE IF EXISTS va_bench_profile WITH (FORCE)"); await admin.end();
