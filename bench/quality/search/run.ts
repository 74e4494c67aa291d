// Search quality on a subtitled clip written here: every single word and every phrase of every
// cue must be found at the default threshold, and paraphrases that share no word with their cue
// must rank it first. Also the offline sentence encoder's load time and memory.
//   npx tsx bench/quality/search/run.ts
// The clip is made with ffmpeg (a mov_text subtitle track), its cues read back the way the
// transcription module reads a subtitle track (ffmpeg → WebVTT → the product's parser), stored as
// transcription segments of a completed video in an in-memory PGlite with the product's
// migrations, embedded by the pipeline's own embed step, and searched with searchSegments (the
// code behind POST /search) at its defaults (limit 20, threshold 0.4).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite } from "@/db/client";
import { insertSegments } from "@/db/queries/segments";
import { createUser } from "@/db/queries/users";
import { insertVideo } from "@/db/queries/videos";
import { loadSentenceEncoder, encodeSentences } from "@/lib/ai/sentence-encoder";
import { tfjsModels } from "@/lib/ai/tfjs-models";
import { processMemory } from "../metrics";
import { parseWebVtt } from "@/lib/analysis/text/vtt";
import { embedJobSegments } from "@/lib/search/embed-segments";
import { DEFAULT_SEARCH_LIMIT, DEFAULT_SEARCH_THRESHOLD } from "@/lib/core/search-limits";
import { searchSegments } from "@/lib/search/search-segments";

const CUES = [
  "Welcome aboard the morning ferry to the island",
  "The lighthouse keeper climbs two hundred steps every night",
  "Grandmother spreads marmalade on warm toast",
  "A cockatoo screeches from the top of the palm tree",
  "Seagulls steal chips from tourists on the pier",
  "Heavy rain floods the narrow streets of the old town",
  "The orchestra tunes their violins before the concert",
  "Doctors recommend drinking plenty of water in summer",
  "The football match ended in a draw after extra time",
  "She repairs the bicycle chain with a small wrench",
  "Snow covers the mountain pass and closes the road",
  "The stock market fell sharply this afternoon",
];

/** Paraphrases sharing no word with their cue (checked below), and the cue each means. */
const PARAPHRASES: [string, number][] = [
  ["parrot squawking up high", 3],
  ["musicians getting ready for a performance", 6],
  ["fixing my bike", 9],
  ["share prices dropped", 11],
  ["soccer game was tied", 8],
  ["blizzard blocks an alpine route", 10],
];

const words = (s: string): string[] => s.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
const srtTime = (s: number) => `00:00:${String(Math.floor(s)).padStart(2, "0")},${String(Math.round((s % 1) * 1000)).padStart(3, "0")}`;
const pct = (a: number, b: number) => `${a}/${b} (${((100 * a) / b).toFixed(1)}%)`;

function writeClip(dir: string): string {
  // Each cue in its own 5-second window (search keeps the best per 5 seconds of a module).
  const srt = CUES.map((t, i) => `${i + 1}\n${srtTime(i * 5 + 0.5)} --> ${srtTime(i * 5 + 4.5)}\n${t}\n`).join("\n");
  fs.writeFileSync(path.join(dir, "cues.srt"), srt);
  const out = path.join(dir, "subtitled.mp4");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", `color=c=navy:s=320x180:r=10:d=${CUES.length * 5}`, "-i", path.join(dir, "cues.srt"),
    "-map", "0:v", "-map", "1:s", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:s", "mov_text", out]);
  return out;
}

async function main() {
  for (const [q, i] of PARAPHRASES) {
    const shared = words(q).filter((w) => words(CUES[i]!).includes(w));
    if (shared.length) throw new Error(`paraphrase "${q}" shares ${shared.join(", ")} with its cue`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-bench-search-quality-"));
  const clip = writeClip(dir);
  const cues = parseWebVtt(execFileSync("ffmpeg", ["-v", "error", "-i", clip, "-map", "0:s:0", "-f", "webvtt", "-"], { encoding: "utf8" }));
  if (cues.length !== CUES.length) throw new Error(`read ${cues.length} cues back, wrote ${CUES.length}`);

  // The model: load time and memory (this process before; after, this process and the TF.js
  // models' process the encoder runs in).
  const rss = () => processMemory("self").rss + processMemory(tfjsModels.pid()).rss;
  const rss0 = rss();
  const t0 = performance.now();
  const loadMs = await loadSentenceEncoder();
  const readyMs = performance.now() - t0;
  const rss1 = rss();
  const tq = performance.now();
  for (let i = 0; i < 20; i++) await encodeSentences([`query number ${i}`]);
  const queryMs = (performance.now() - tq) / 20;
  const tb = performance.now();
  await encodeSentences(Array.from({ length: 256 }, (_, i) => `${CUES[i % CUES.length]} ${i}`));
  const batchMs = (performance.now() - tb) / 256;
  const rss2 = rss();

  const handle = await openPglite();
  const db = handle.db;
  const { user } = await createUser(db, { email: "bench@example.com" });
  const jobId = crypto.randomUUID();
  const video = await insertVideo(db, { userId: user.id, jobId, name: "subtitled.mp4", storagePath: `users/${user.id}/subtitled.mp4`, status: "completed", duration: CUES.length * 5 });
  await insertSegments(db, cues.map((c) => ({ videoId: video.id, jobId, userId: user.id, module: "transcription", content: c.text, startTime: c.start, endTime: c.end, metadata: JSON.stringify({ provider: "local", method: "subtitle_track" }) })));
  const embedded = await embedJobSegments(db, { userId: user.id, jobId });
  const search = (query: string) => searchSegments(db, { userId: user.id, query, limit: DEFAULT_SEARCH_LIMIT, threshold: DEFAULT_SEARCH_THRESHOLD });

  // Every word and every phrase (2 words up to the whole cue) of every cue.
  let wordHits = 0, wordTotal = 0, phraseHits = 0, phraseTotal = 0;
  const misses: string[] = [];
  const latencies: number[] = [];
  for (const [i, cue] of cues.entries()) {
    const ws = cue.text.split(/\s+/);
    for (let n = 1; n <= ws.length; n++) {
      for (let s = 0; s + n <= ws.length; s++) {
        const q = ws.slice(s, s + n).join(" ");
        const t = performance.now();
        const found = (await search(q)).some((r) => r.start_time === cue.start);
        latencies.push(performance.now() - t);
        if (n === 1) { wordTotal++; wordHits += +found; } else { phraseTotal++; phraseHits += +found; }
        if (!found) misses.push(`cue ${i + 1}: "${q}"`);
      }
    }
  }
  let firsts = 0;
  const paraphraseLines: string[] = [];
  for (const [q, i] of PARAPHRASES) {
    const res = await search(q);
    const top = res[0];
    const ok = top?.start_time === cues[i]!.start;
    firsts += +ok;
    const rank = res.findIndex((r) => r.start_time === cues[i]!.start);
    paraphraseLines.push(`| ${q} | ${CUES[i]} | ${ok ? "1st" : rank >= 0 ? `${rank + 1}th` : "not found"} | ${top ? `${top.similarity.toFixed(2)} "${top.content}"` : "—"} |`);
  }
  latencies.sort((a, b) => a - b);
  await handle.close();

  console.log(`# Search quality (bench/quality/search) — ${new Date().toISOString()}, load average ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`\nClip: ${CUES.length} subtitle cues, 5 s apart; embedded by ${embedded.model} (${embedded.embedded} vectors); defaults limit ${DEFAULT_SEARCH_LIMIT}, threshold ${DEFAULT_SEARCH_THRESHOLD}.`);
  console.log(`\n| measure | result |\n|---|---|`);
  console.log(`| single words found (their cue in the results) | ${pct(wordHits, wordTotal)} |`);
  console.log(`| phrases found (2 words … whole cue) | ${pct(phraseHits, phraseTotal)} |`);
  console.log(`| paraphrases (no shared word) ranking their cue first | ${firsts}/${PARAPHRASES.length} |`);
  console.log(`| search latency p50 / p95 (ms, in process, PGlite) | ${latencies[Math.floor(latencies.length / 2)]!.toFixed(1)} / ${latencies[Math.floor(latencies.length * 0.95)]!.toFixed(1)} |`);
  console.log(`| sentence encoder load (in the TF.js models' process) / until ready | ${loadMs} ms / ${readyMs.toFixed(0)} ms |`);
  console.log(`| RSS growth (this process + the TF.js models' process): model loaded / after 276 sentences | ${((rss1 - rss0) / 2 ** 20).toFixed(0)} MB / ${((rss2 - rss0) / 2 ** 20).toFixed(0)} MB |`);
  console.log(`| one query embedded / per sentence in a batch of 256 | ${queryMs.toFixed(1)} ms / ${batchMs.toFixed(1)} ms |`);
  console.log(`\n| paraphrase | cue | rank | best result |\n|---|---|---|---|\n${paraphraseLines.join("\n")}`);
  if (misses.length) console.log(`\nMissed:\n${misses.map((m) => `- ${m}`).join("\n")}`);
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
