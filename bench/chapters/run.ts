// Chapter boundaries against known topic changes: boundary precision, recall and F1 within 3 s,
// of today's planner (lib/chapters, through chaptersOf: stored vectors, scenes) and of the planner
// of a given earlier commit (default: 1400c43, before topic cuts), on the same talks.
//   npx tsx --conditions=react-server bench/chapters/run.ts [--before=<commit>] [--talks=<per set>]
// Talks are strung together from bench/chapters/topics.ts (seeded, so every run is the same):
//   - podcast: 3–6 topics, 3–6 sentences each, one long shot, continuous speech (pauses of
//     0.3–1 s between sentences, one in five 1.6–2.4 s long, also inside topics);
//   - slides: the same, with a slide per topic (its title as on-screen text) that changes up to
//     1.5 s before the speaker moves on: scene and shot boundaries at the slide changes, as the
//     shots/scenes modules give for hard cuts between distinct slides (bench/scenes measures those);
//   - short: six topics, one sentence each (the issue's 30-second subtitle clip).
// Each talk is written as an MP4 with a mov_text subtitle track and its cues read back the way the
// transcription module reads a subtitle track (ffmpeg → WebVTT → the product's parser), stored in
// an in-memory PGlite with the product's migrations and embedded by the pipeline's embed step (the
// offline sentence encoder). A found cut is right when it lies within 3 s of a true topic change
// not matched yet (the pause between two topics); the video's start and end do not count.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openPglite } from "@/db/client";
import { listSegments } from "@/db/queries/segments";
import { insertSegments } from "@/db/queries/segments";
import { createUser } from "@/db/queries/users";
import { insertVideo } from "@/db/queries/videos";
import { parseWebVtt } from "@/lib/analysis/text/vtt";
import { chaptersOf } from "@/lib/chapters/get-chapters";
import { embedJobSegments } from "@/lib/search/embed-segments";
import { TOPICS } from "./topics";

const arg = (name: string, def: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def;
const BEFORE = arg("before", "1400c43");
const PER_SET = Number(arg("talks", "8"));
const TOLERANCE = 3;

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type SetName = "podcast" | "slides" | "short";
interface Seg { module: string; start: number; end: number; content: string; metadata: string | null }
interface Talk { set: SetName; name: string; duration: number; cues: { start: number; end: number; text: string }[]; visual: Seg[]; truth: number[] }

function makeTalk(set: SetName, seed: number): Talk {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[], n: number) => [...xs].map((x) => ({ x, k: r() })).sort((a, b) => a.k - b.k).slice(0, n).map((o) => o.x);
  const nTopics = set === "short" ? 6 : 3 + Math.floor(r() * 4);
  const topics = pick(TOPICS, nTopics);
  const cues: Talk["cues"] = [];
  const truth: number[] = [];
  const slideStarts: number[] = [0];
  let t = 0.5;
  topics.forEach((topic, k) => {
    const n = set === "short" ? 1 : 3 + Math.floor(r() * 4);
    const start = Math.floor(r() * (topic.sentences.length - n + 1));
    for (const [i, text] of topic.sentences.slice(start, start + n).entries()) {
      if (i > 0 || k > 0) t += r() < 0.2 ? 1.6 + r() * 0.8 : 0.3 + r() * 0.7;
      if (i === 0 && k > 0) {
        truth.push(Math.round(((cues[cues.length - 1]!.end + t) / 2) * 1000) / 1000);
        slideStarts.push(Math.max(cues[cues.length - 1]!.start + 1, Math.round((t - r() * 1.5) * 10) / 10));
      }
      const len = Math.max(2, text.split(/\s+/).length * 0.38);
      cues.push({ start: Math.round(t * 100) / 100, end: Math.round((t + len) * 100) / 100, text });
      t += len;
    }
  });
  const duration = Math.ceil(t + 1);
  const visual: Seg[] = [];
  if (set === "slides") {
    slideStarts.forEach((s, k) => {
      const e = slideStarts[k + 1] ?? duration;
      visual.push({ module: "shots", start: s, end: e, content: `Shot ${k + 1}`, metadata: null });
      visual.push({ module: "scenes", start: s, end: e, content: `Scene ${k + 1}`, metadata: null });
      visual.push({ module: "visualelements", start: s, end: e, content: `Slide, text: "${topics[k]!.slide}"`, metadata: JSON.stringify({ ocr_text: topics[k]!.slide }) });
    });
  } else visual.push({ module: "shots", start: 0, end: duration, content: "Shot 1", metadata: null });
  return { set, name: `${set}-${seed}`, duration, cues, visual, truth };
}

const srtTime = (s: number) => {
  const ms = Math.round(s * 1000);
  const p = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${p(Math.floor(ms / 3_600_000))}:${p(Math.floor(ms / 60_000) % 60)}:${p(Math.floor(ms / 1000) % 60)},${p(ms % 1000, 3)}`;
};

function readCues(dir: string, talk: Talk) {
  const srt = talk.cues.map((c, i) => `${i + 1}\n${srtTime(c.start)} --> ${srtTime(c.end)}\n${c.text}\n`).join("\n");
  const srtFile = path.join(dir, `${talk.name}.srt`);
  const clip = path.join(dir, `${talk.name}.mp4`);
  fs.writeFileSync(srtFile, srt);
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", `color=c=navy:s=160x90:r=2:d=${talk.duration}`, "-i", srtFile,
    "-map", "0:v", "-map", "1:s", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:s", "mov_text", clip]);
  const cues = parseWebVtt(execFileSync("ffmpeg", ["-v", "error", "-i", clip, "-map", "0:s:0", "-f", "webvtt", "-"], { encoding: "utf8" }));
  if (cues.length !== talk.cues.length) throw new Error(`${talk.name}: read ${cues.length} cues back, wrote ${talk.cues.length}`);
  return cues;
}

function score(found: readonly number[], truth: readonly number[]) {
  const left = [...truth];
  let tp = 0;
  for (const f of found) {
    const best = left.map((t, i) => ({ i, d: Math.abs(t - f) })).filter((x) => x.d <= TOLERANCE).sort((a, b) => a.d - b.d)[0];
    if (best) {
      tp++;
      left.splice(best.i, 1);
    }
  }
  return { tp, fp: found.length - tp, fn: truth.length - tp };
}

const f1 = (s: { tp: number; fp: number; fn: number }) => {
  const p = s.tp + s.fp ? s.tp / (s.tp + s.fp) : 1;
  const r = s.tp + s.fn ? s.tp / (s.tp + s.fn) : 1;
  return { p, r, f1: p + r ? (2 * p * r) / (p + r) : 0 };
};

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-bench-chapters-"));
  // The earlier planner, as it was at that commit (it imports nothing).
  const oldFile = path.join(dir, "plan-chapters-before.ts");
  fs.writeFileSync(oldFile, execFileSync("git", ["show", `${BEFORE}:lib/chapters/plan-chapters.ts`], { encoding: "utf8" }));
  const before = (await import(oldFile)) as { planChapters: (d: number, s: readonly unknown[]) => { start: number }[] };

  const handle = await openPglite();
  const db = handle.db;
  const { user } = await createUser(db, { email: "bench@example.com" });
  const totals: Record<string, { tp: number; fp: number; fn: number }> = {};
  const add = (key: string, s: { tp: number; fp: number; fn: number }) => {
    const t = (totals[key] ??= { tp: 0, fp: 0, fn: 0 });
    t.tp += s.tp;
    t.fp += s.fp;
    t.fn += s.fn;
  };
  const rows: string[] = [];
  const sets: SetName[] = ["podcast", "slides", "short"];
  for (const set of sets) {
    for (let i = 0; i < PER_SET; i++) {
      const talk = makeTalk(set, 1000 * (sets.indexOf(set) + 1) + i);
      const cues = readCues(dir, talk);
      const jobId = crypto.randomUUID();
      const video = await insertVideo(db, { userId: user.id, jobId, name: `${talk.name}.mp4`, storagePath: `users/${user.id}/${talk.name}.mp4`, status: "completed", duration: talk.duration });
      const segs: Seg[] = [...cues.map((c) => ({ module: "transcription", start: c.start, end: c.end, content: c.text, metadata: JSON.stringify({ provider: "local", method: "subtitle_track" }) })), ...talk.visual];
      await insertSegments(db, segs.map((s) => ({ videoId: video.id, jobId, userId: user.id, module: s.module, content: s.content, startTime: s.start, endTime: s.end, metadata: s.metadata })));
      await embedJobSegments(db, { userId: user.id, jobId });
      const chapters = await chaptersOf(db, { video, store: false });
      const now = chapters.map((c) => c.start).slice(1);
      if (process.env.BENCH_VERBOSE) console.error(talk.name, chapters.map((c) => c.title).join(" | "));
      const was = before.planChapters(talk.duration, await listSegments(db, { userId: user.id, jobId })).map((c) => c.start).slice(1);
      const a = score(was, talk.truth);
      const b = score(now, talk.truth);
      add(`${set}:before`, a);
      add(`${set}:after`, b);
      add("all:before", a);
      add("all:after", b);
      rows.push(`| ${talk.name} | ${talk.duration} s | ${talk.truth.length} | ${was.length} (${a.tp} right) | ${now.length} (${b.tp} right) |`);
    }
  }
  await handle.close();
  const fmt = (key: string) => {
    const s = f1(totals[key]!);
    return `${s.p.toFixed(2)} / ${s.r.toFixed(2)} / **${s.f1.toFixed(2)}**`;
  };
  console.log(`# Chapter boundaries (bench/chapters) — ${new Date().toISOString()}, ${PER_SET} talks per set, tolerance ${TOLERANCE} s, before = ${BEFORE}`);
  console.log(`\n| set | before: precision / recall / F1 | after: precision / recall / F1 |\n|---|---|---|`);
  for (const set of [...sets, "all"]) console.log(`| ${set} | ${fmt(`${set}:before`)} | ${fmt(`${set}:after`)} |`);
  console.log(`\n| talk | length | true cuts | before: cuts | after: cuts |\n|---|---|---|---|---|\n${rows.join("\n")}`);
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
