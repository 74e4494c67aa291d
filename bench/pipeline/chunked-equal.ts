// Chunked against unsplit (issue 38, item 2): each file is analysed twice in this process (PGlite,
// local storage, the embedded runner and the chunk worker as `npm start` runs them) — whole
// (CHUNK_SECONDS=0) and in chunks — and the results are compared: shot-boundary and
// scene-boundary F1 (a boundary matches within 2 frames), the chunked transcript's word error
// rate against the unsplit one (it bounds the change in WER against any reference: the triangle
// inequality of edit distances), people counted, segments doubled at a chunk border, and the CPU
// seconds of each run (this process's tree, /proc). `--dump=DIR` writes both runs' segments there.
//   npx tsx --conditions=react-server bench/pipeline/chunked-equal.ts --files=a.mp4,b.mp4 [--chunk=120] [--modules=LIST] [--dump=DIR]
//   npx tsx --conditions=react-server bench/pipeline/chunked-equal.ts --seconds=600 [--media=DIR] [--dir=DIR]   # the pipeline bench's clip
// Targets: shots F1 ≥ 0.99, scene-boundary F1 ≥ 0.95, WER within 1 point, people ±1, nothing doubled.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildClip } from "./clips";
import { benchMedia, librivoxTruth } from "./media";
import { TreeCpu } from "./rss";
import { wordErrorRate } from "../quality/metrics";

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const CHUNK = option("chunk") ?? "60";
const MODULES = (option("modules") ?? "shots,scenes,grouped_shots,transcription,visualelements").split(",");

process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "va-chunked-bench-"));
process.env.RATE_LIMIT_PER_MINUTE = "100000";

type Seg = { module: string; start_time: number; end_time: number; metadata: string };

/** F1 of boundary times (matched one to one, greedily, within `tol` seconds). */
export function boundaryF1(ref: readonly number[], got: readonly number[], tol: number): number {
  if (!ref.length && !got.length) return 1;
  const used = new Set<number>();
  let hits = 0;
  for (const r of ref) {
    let best = -1;
    for (let i = 0; i < got.length; i++) if (!used.has(i) && Math.abs(got[i]! - r) <= tol && (best < 0 || Math.abs(got[i]! - r) < Math.abs(got[best]! - r))) best = i;
    if (best >= 0) {
      used.add(best);
      hits++;
    }
  }
  const p = got.length ? hits / got.length : 0;
  const r = ref.length ? hits / ref.length : 0;
  return p + r ? (2 * p * r) / (p + r) : 0;
}

const starts = (segs: Seg[], module: string) => segs.filter((s) => s.module === module && s.start_time > 0.01).map((s) => s.start_time).sort((a, b) => a - b);
const timedWords = (segs: Seg[]) =>
  segs
    .filter((s) => s.module === "transcription")
    .sort((a, b) => a.start_time - b.start_time)
    .flatMap((s) => ((JSON.parse(s.metadata).words ?? []) as unknown[][]).map((w) => ({ word: String(w[0]), start: Number(w[1]) })));
const words = (segs: Seg[]) => timedWords(segs).map((w) => w.word);

/**
 * WER against what is said, for a clip whose audio loops a known text: the reference is the text
 * once per whole loop, and the words heard in those loops are compared with it.
 */
export function truthWer(segs: Seg[], truth: { words: string[]; seconds: number }, duration: number): number {
  const loops = Math.floor(duration / truth.seconds);
  const heard = timedWords(segs).filter((w) => w.start < loops * truth.seconds - 0.3).map((w) => w.word);
  return wordErrorRate(Array.from({ length: loops }, () => truth.words).flat(), heard);
}
const people = (segs: Seg[]) => new Set(segs.filter((s) => s.module === "visualelements").map((s) => JSON.parse(s.metadata).person_id).filter(Boolean)).size;
/** Segments of one module that start within 0.02 s of another's start and end (a doubled segment). */
const doubled = (segs: Seg[]) => {
  const seen = new Set<string>();
  let n = 0;
  for (const s of segs) {
    const key = `${s.module}:${Math.round(s.start_time * 50)}:${Math.round(s.end_time * 50)}:${JSON.parse(s.metadata).kind ?? ""}:${JSON.parse(s.metadata).person_id ?? ""}`;
    if (seen.has(key)) n++;
    seen.add(key);
  }
  return n;
};

async function main() {
  const { openPglite, setDbHandle } = await import("@/db/client");
  const { EmbeddedRunner } = await import("@/lib/pipeline/embedded-runner");
  const { startChunkWorker } = await import("@/lib/pipeline/chunks/chunk-worker");
  const { call } = await import("../../tests/helpers/api");
  const { makeUser } = await import("../../tests/helpers/users");
  const { registerClip, waitForStatus } = await import("../../tests/helpers/videos");
  const handle = await openPglite();
  setDbHandle(handle);
  const runner = new EmbeddedRunner(handle.db, { pollMs: 100, concurrency: 1 }).start();
  // Two chunk slots: a run splits only where two or more chunks can run at once.
  startChunkWorker(handle.db, { concurrency: 2, pollMs: 200 });
  const user = await makeUser("bench@example.com");

  let files = (option("files") ?? "").split(",").filter(Boolean);
  /** The length of each of the bench's own clips (their audio loops a known text). */
  const clipSeconds = new Map<string, number>();
  const root = path.dirname(new URL(import.meta.url).pathname);
  // The bench's clips loop the LibriVox utterances, whose text is known.
  const truth = files.length ? null : librivoxTruth(root, option("media"));
  if (!files.length) {
    const dir = option("dir") ?? path.join(os.tmpdir(), "pipeline-bench");
    fs.mkdirSync(dir, { recursive: true });
    files = (option("seconds") ?? "600").split(",").map((s) => {
      const file = buildClip(dir, benchMedia(root, option("media")), Number(s), console.log);
      clipSeconds.set(file, Number(s));
      return file;
    });
  }

  const { resetEnv } = await import("@/lib/env");
  const { runChunks } = await import("@/db/schema");
  const { eq } = await import("drizzle-orm");
  const analyse = async (file: string, chunk: string) => {
    process.env.CHUNK_SECONDS = chunk;
    // env() keeps what it read first: without this, every run took the first CHUNK_SECONDS ("0").
    resetEnv();
    const jobId = await registerClip(user, file, `${chunk}-${path.basename(file)}`);
    const cpu = new TreeCpu(process.pid);
    // The baseline is a sample: totals() of an unsampled tree is empty, and this process and its
    // model processes live across runs, so the second run was charged the first one's CPU too.
    cpu.sample();
    const before = cpu.totals();
    const sampler = setInterval(() => cpu.sample(), 200);
    const t0 = performance.now();
    const res = await call("POST", `/processing/${jobId}/start`, { auth: user.api_key, body: { selected_insights: JSON.stringify(MODULES) } });
    if (res.status !== 200) throw new Error(res.text);
    const done = await waitForStatus(user.api_key, jobId, ["completed", "failed"], 4 * 3600_000);
    const wall = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    cpu.sample();
    // The whole tree: this process (which runs the web side and the runner) and every child.
    const treeCpu = [...cpu.totals(before).values()].reduce((s, v) => s + v, 0);
    if (done.status !== "completed") throw new Error(`${file} (CHUNK_SECONDS=${chunk}) ${done.status}: ${done.error}`);
    const segs = (await call("GET", `/videos/${jobId}/segments`, { auth: user.api_key })).body as Seg[];
    const chunks = (await handle.db.select({ idx: runChunks.idx }).from(runChunks).where(eq(runChunks.jobId, jobId))).length;
    // A comparison of two unsplit runs would say nothing: the chunked one must have split.
    if (chunk !== "0" && chunks < 2) throw new Error(`${file} did not split at CHUNK_SECONDS=${chunk} (${chunks} chunks)`);
    return { segs, wall, cpu: treeCpu, chunks };
  };

  const lines: string[] = [`chunked (CHUNK_SECONDS=${CHUNK}) against unsplit, modules ${MODULES.join(",")}; ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`];
  for (const file of files) {
    const whole = await analyse(file, "0");
    const parts = await analyse(file, CHUNK);
    const shotF1 = boundaryF1(starts(whole.segs, "shots"), starts(parts.segs, "shots"), 0.07);
    const sceneF1 = boundaryF1(starts(whole.segs, "scenes"), starts(parts.segs, "scenes"), 0.07);
    const dump = option("dump");
    if (dump) {
      fs.mkdirSync(dump, { recursive: true });
      for (const [name, run] of [["unsplit", whole], ["chunked", parts]] as const) fs.writeFileSync(path.join(dump, `${path.basename(file)}.${name}.json`), JSON.stringify(run.segs, null, 1));
    }
    const wer = wordErrorRate(words(whole.segs), words(parts.segs));
    const seconds = clipSeconds.get(file);
    const said = truth && seconds ? { whole: truthWer(whole.segs, truth, seconds), parts: truthWer(parts.segs, truth, seconds) } : null;
    const against = said
      ? `transcript WER against the LibriVox text ${(said.whole * 100).toFixed(1)} % unsplit, ${(said.parts * 100).toFixed(1)} % chunked (${((said.parts - said.whole) * 100).toFixed(1)} points), `
      : "";
    lines.push(
      `${path.basename(file)}: shots F1 ${shotF1.toFixed(3)} (${starts(whole.segs, "shots").length} vs ${starts(parts.segs, "shots").length} cuts), ` +
        `scene-boundary F1 ${sceneF1.toFixed(3)}, ${against}transcript WER vs unsplit ${(wer * 100).toFixed(1)} % (${words(whole.segs).length} vs ${words(parts.segs).length} words), ` +
        `people ${people(whole.segs)} vs ${people(parts.segs)}, doubled ${doubled(parts.segs)}, ${parts.chunks} chunks; ` +
        `CPU ${whole.cpu.toFixed(1)} s vs ${parts.cpu.toFixed(1)} s (${((parts.cpu / whole.cpu - 1) * 100).toFixed(1)} %), wall ${whole.wall.toFixed(1)} s vs ${parts.wall.toFixed(1)} s`,
    );
    console.log(lines[lines.length - 1]);
  }
  console.log(`\n${lines.join("\n")}`);
  await runner.stop();
  process.exit(0);
}

if (process.argv[1]?.endsWith("chunked-equal.ts")) void main();
