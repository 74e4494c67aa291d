// Paraphrase search quality (issue 35): a small library (paraphrase-set.ts) embedded by the
// product's own embed step with the offline sentence encoder, searched through the product's own
// search (searchScope, whole library, limit 20) — each query as typed and as the product now
// embeds it — at several thresholds. Prints hits@3 (the meant line among the first three hits),
// found (the meant line among the hits at all) and the false hits of unrelated queries, for the
// tuning queries and the held-out ones separately.
//   npx tsx --conditions=react-server bench/search/paraphrase.ts
import crypto from "node:crypto";
import { openPglite } from "@/db/client";
import { insertSegments } from "@/db/queries/segments";
import { insertVideo } from "@/db/queries/videos";
import { users } from "@/db/schema";
import { embedQuery } from "@/lib/search/embed-query";
import type { QueryVectors } from "@/lib/search/query-vectors";
import { searchScope } from "@/lib/search/search-segments";
import { embedJobSegments } from "@/lib/search/embed-segments";
import { LIBRARY, QUERIES, UNRELATED } from "./paraphrase-set";

const THRESHOLDS = [0.3, 0.35, 0.4, 0.45];

async function main() {
  const { db, close } = await openPglite();
  const [user] = await db.insert(users).values({}).returning();
  const userId = user!.id;
  const jobIds: string[] = [];
  for (const v of LIBRARY) {
    const jobId = crypto.randomUUID();
    const video = await insertVideo(db, { userId, jobId, name: v.name, storagePath: `users/${userId}/${jobId}.mp4`, status: "completed", duration: 30 });
    await insertSegments(db, v.segments.map((s) => ({ videoId: video.id, jobId, userId, module: s.module, content: s.content, startTime: s.start, endTime: s.start + 2.5, metadata: null })));
    await embedJobSegments(db, { userId, jobId });
    jobIds.push(jobId);
  }
  // "as typed": the query's own vector alone (the product before issue 35); "product": embedQuery as
  // it is now (the query read as a sentence, "railway trip.", and as typed: the nearer counts).
  const variants: Record<string, boolean> = { "as typed": true, product: false };
  const vectorsOf = async (text: string, raw: boolean): Promise<QueryVectors> => {
    const v = await embedQuery(text, { raw });
    return { text, vector: async () => v } as unknown as QueryVectors;
  };
  const rows: string[] = [];
  for (const [variant, raw] of Object.entries(variants)) {
    for (const threshold of THRESHOLDS) {
      const score = { tune: { hits3: 0, found: 0, n: 0 }, held_out: { hits3: 0, found: 0, n: 0 } };
      for (const q of QUERIES) {
        const hits = await searchScope(db, { userId, query: q.query, jobIds, wholeLibrary: true, limit: 20, threshold, vectors: await vectorsOf(q.query, raw) });
        const rank = hits.findIndex((h) => q.meant.some((m) => h.content.includes(m)));
        const s = score[q.set];
        s.n++;
        if (rank >= 0 && rank < 3) s.hits3++;
        if (rank >= 0) s.found++;
        if (process.env.BENCH_VERBOSE && rank < 0) console.log(`  miss (${variant}, ${threshold}): ${q.query} → ${hits.slice(0, 3).map((h) => `${h.content.slice(0, 40)} ${h.similarity.toFixed(2)}`).join(" | ")}`);
      }
      let falseHits = 0;
      for (const q of UNRELATED) {
        const hits = await searchScope(db, { userId, query: q, jobIds, wholeLibrary: true, limit: 20, threshold, vectors: await vectorsOf(q, raw) });
        falseHits += hits.length;
        if (process.env.BENCH_VERBOSE) for (const h of hits) console.log(`  false (${variant}, ${threshold}): ${q} → ${h.content.slice(0, 40)} ${h.similarity.toFixed(2)}`);
      }
      const f = (s: { hits3: number; found: number; n: number }) => `${s.hits3}/${s.n} | ${s.found}/${s.n}`;
      rows.push(`| ${variant} | ${threshold} | ${f(score.tune)} | ${f(score.held_out)} | ${falseHits} |`);
    }
  }
  console.log("| query embedded | threshold | tune hits@3 | tune found | held-out hits@3 | held-out found | false hits (6 unrelated queries) |");
  console.log("|---|---|---|---|---|---|---|");
  for (const r of rows) console.log(r);
  await close();
  process.exit(0);
}

void main();
