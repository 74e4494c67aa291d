// bench/pipeline: the whole pipeline through the real API against a plain decode of the same file.
//
//   npx tsx bench/pipeline/run.ts [--seconds=120,600] [--rounds=3] [--port=3220] [--media=DIR] [--dir=DIR] [--warm] [--no-stt]
//
// Builds real-footage 1080p30 H.264 clips (clips.ts), starts the production server (`npm start`
// on a fresh DATA_DIR), uploads each clip once through a presigned URL, then per round, interleaved
// (alternating which goes first): `ffmpeg -i clip -map 0:v:0 -f null -` (decode only) and one run
// of every module (register-and-process the first time, reprocess after), timed from the request
// to `completed`. Prints per-step times (from the server's `[pipeline] … step` log lines), the
// total, decode-only ÷ pipeline, and the peak RSS of the server with all its child processes.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildClip } from "./clips";
import { benchMedia } from "./media";
import { processTreeRss, TreeCpu } from "./rss";
import { median } from "../median";

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const lengths = (option("seconds") ?? "120,600").split(",").map(Number);
const rounds = Math.max(1, Number(option("rounds") ?? 3));
const port = Number(option("port") ?? 3220);
const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, "../..");
const clipDir = option("dir") ?? path.join(os.tmpdir(), "pipeline-bench");
// --no-stt: speech-to-text off in the server (a pocketsphinx binary that does not exist), so the
// transcription step only notes it: the visual pipeline's own ratio, STT's measured in other runs.
const noStt = args.includes("--no-stt");
const MODULES = ["transcription", "visualelements", "scenes", "shots", "grouped_shots", "logos", "video_reasoning"];

const log = (m: string) => process.stderr.write(`${m}\n`);

/** Wall seconds and CPU seconds (user + system, from ffmpeg's `-benchmark`) of a plain decode. */
function decodeOnly(file: string): Promise<{ seconds: number; cpu: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.FFMPEG_PATH || "ffmpeg", ["-v", "info", "-nostats", "-hide_banner", "-benchmark", "-nostdin", "-i", file, "-map", "0:v:0", "-f", "null", "-"], { stdio: ["ignore", "pipe", "pipe"] });
    let text = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => (text += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => (text += t));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`ffmpeg exited with ${code}`));
      const m = /utime=([\d.]+)s stime=([\d.]+)s/.exec(text);
      resolve({ seconds: (performance.now() - t0) / 1000, cpu: m ? Number(m[1]) + Number(m[2]) : NaN });
    });
  });
}

class Server {
  readonly base = `http://127.0.0.1:${port}`;
  child!: ChildProcess;
  key = "";
  /** step name → seconds, per job id (from the log). */
  steps = new Map<string, Map<string, number>>();
  /** CPU time of the server's process tree, by kind of process. */
  cpu: TreeCpu | null = null;

  /** Where the model processes add up their CPU per request kind (lib/ai/model-process.child.cjs). */
  profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "va-bench-models-"));

  /** CPU ms and requests per "<process>: <request kind>" of the model processes so far. */
  modelProfile(): Map<string, { count: number; cpuMs: number }> {
    const out = new Map<string, { count: number; cpuMs: number }>();
    for (const f of fs.readdirSync(this.profileDir).filter((n) => n.endsWith(".json"))) {
      const proc = f.replace(/-\d+\.json$/, "");
      for (const [op, t] of Object.entries(JSON.parse(fs.readFileSync(path.join(this.profileDir, f), "utf8")) as Record<string, { count: number; cpuMs: number }>)) {
        const k = `${proc}: ${op}`;
        const o = out.get(k) ?? { count: 0, cpuMs: 0 };
        out.set(k, { count: o.count + t.count, cpuMs: o.cpuMs + t.cpuMs });
      }
    }
    return out;
  }

  async start() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "va-bench-pipeline-"));
    const env = { ...process.env, VA_MODEL_PROFILE: this.profileDir, ...(noStt ? { POCKETSPHINX_PATH: "/nonexistent/pocketsphinx_continuous" } : {}), DATA_DIR: dataDir, PORT: String(port), NEXT_TELEMETRY_DISABLED: "1", RATE_LIMIT_PER_MINUTE: "100000" };
    this.child = spawn(process.execPath, [path.join(root, "scripts/start.mjs")], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let buf = "";
    const onText = (text: string) => {
      buf += text;
      const lines = buf.split("\n");
      buf = lines.pop() ?? "";
      for (const line of lines) {
        const key = /API key: (svc_live_[0-9a-f]+)/.exec(line);
        if (key) this.key = key[1]!;
        // The server logs JSON lines (lib/log: msg "<job> step <name> <ms> ms"); older builds printed "[pipeline] <job> step …".
        const step = /(?:\[pipeline\] |"msg":")([0-9a-f-]{36}) step (\S+) (\d+) ms/.exec(line);
        if (step) {
          if (!this.steps.has(step[1]!)) this.steps.set(step[1]!, new Map());
          this.steps.get(step[1]!)!.set(step[2]!, Number(step[3]) / 1000);
        }
      }
    };
    this.child.stdout!.setEncoding("utf8").on("data", (t: string) => (onText(t), process.env.BENCH_VERBOSE && process.stderr.write(t)));
    this.child.on("exit", (code, signal) => log(`server exited (${code ?? signal})`));
    this.child.stderr!.setEncoding("utf8").on("data", (t: string) => process.env.BENCH_VERBOSE && process.stderr.write(t));
    // The first start builds the app (minutes on a busy machine).
    for (let i = 0; i < 30 * 240 && !this.key && this.child.exitCode === null; i++) await new Promise((r) => setTimeout(r, 250));
    if (!this.key) throw new Error("the server printed no API key (is DATA_DIR fresh?)");
    log(`server up on ${this.base} (DATA_DIR ${dataDir})`);
  }

  async api(method: string, p: string, body?: unknown) {
    // A status poll that meets a reset connection (a keep-alive socket the busy server closed) is
    // asked again; the server itself dying shows as its exit.
    for (let attempt = 0; method === "GET"; attempt++) {
      try {
        return await this.request(method, p, body);
      } catch (err) {
        if (attempt >= 5 || this.child.exitCode !== null || !(err instanceof TypeError)) throw err;
        log(`  (${method} ${p}: ${(err as Error & { cause?: Error }).cause?.message ?? err}; asking again)`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
    return this.request(method, p, body);
  }

  private async request(method: string, p: string, body?: unknown) {
    const res = await fetch(`${this.base}/api${p}`, {
      method,
      headers: { Authorization: this.key, "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  async upload(file: string): Promise<string> {
    const u = await this.api("POST", "/storage/upload-url", { file_name: path.basename(file), content_type: "video/mp4" });
    const size = fs.statSync(file).size;
    const res = await fetch(String(u.upload_url), {
      method: "PUT",
      headers: { "Content-Type": "video/mp4", "Content-Length": String(size) },
      body: fs.createReadStream(file) as unknown as BodyInit,
      duplex: "half",
    } as RequestInit);
    if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
    return String(u.file_path);
  }

  /** One run of every module; seconds from the request to `completed`, and the peak tree RSS. */
  async process(storagePath: string, jobId: string | null): Promise<{ jobId: string; seconds: number; peakRss: number; cpu: Map<string, number>; models: Map<string, { count: number; cpuMs: number }> }> {
    let peakRss = 0;
    const models0 = this.modelProfile();
    const cpu = (this.cpu ??= new TreeCpu(this.child.pid!));
    cpu.sample();
    const before = cpu.totals();
    // With BENCH_VERBOSE, a CPU line every 10 s (what ran when, against the step lines).
    let ticks = 0;
    let mark = before;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, processTreeRss(this.child.pid!));
      cpu.sample();
      if (process.env.BENCH_VERBOSE && ++ticks % 50 === 0) {
        const now = cpu.totals();
        log(`  [cpu ${(ticks / 5).toFixed(0)} s] ${[...cpu.totals(mark)].map(([k, v]) => `${k} ${v.toFixed(1)}`).join(", ")}`);
        mark = now;
      }
    }, 200);
    const t0 = performance.now();
    try {
      const r = jobId
        ? await this.api("POST", `/videos/${jobId}/reprocess`, { modules: MODULES })
        : await this.api("POST", "/videos/register-and-process", { modules: MODULES, storage_path: storagePath });
      const id = String(r.job_id);
      for (;;) {
        await new Promise((res) => setTimeout(res, 250));
        const s = await this.api("GET", `/processing/${id}/status`);
        if (s.status === "completed") {
          cpu.sample();
          // The model processes write their tallies a second after a change.
          await new Promise((res) => setTimeout(res, 1500));
          const models = new Map([...this.modelProfile()].map(([k, t]) => [k, { count: t.count - (models0.get(k)?.count ?? 0), cpuMs: t.cpuMs - (models0.get(k)?.cpuMs ?? 0) }]));
          return { jobId: id, seconds: (performance.now() - t0) / 1000, peakRss, cpu: cpu.totals(before), models };
        }
        if (s.status === "failed") throw new Error(`processing failed: ${JSON.stringify(s)}`);
      }
    } finally {
      clearInterval(sampler);
    }
  }

  stop() {
    // The whole process group: start.mjs and the Next server it runs.
    try {
      if (this.child?.pid) process.kill(-this.child.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  }
}

async function main() {
  const media = benchMedia(here, option("media"));
  const clips = lengths.map((s) => ({ seconds: s, file: buildClip(clipDir, media, s, log) }));
  const server = new Server();
  const out: string[] = [];
  const perMinute: { seconds: number; total: number }[] = [];
  let printed = 0;
  try {
    await server.start();
    for (const clip of clips) {
      const storagePath = await server.upload(clip.file);
      log(`${clip.seconds} s clip uploaded (${(fs.statSync(clip.file).size / 1e6).toFixed(0)} MB)`);
      // The upload has just read the whole file (page cache); `--warm` decodes it once more first.
      if (args.includes("--warm")) await decodeOnly(clip.file);
      const base: number[] = [];
      const baseCpu: number[] = [];
      const runs: { seconds: number; peakRss: number; steps: Map<string, number>; cpu: Map<string, number>; models: Map<string, { count: number; cpuMs: number }> }[] = [];
      let jobId: string | null = null;
      for (let r = 0; r < rounds; r++) {
        const doDecode = async () => {
          const d = await decodeOnly(clip.file);
          base.push(d.seconds);
          baseCpu.push(d.cpu);
        };
        const doRun = async () => {
          const res = await server.process(storagePath, jobId);
          jobId = res.jobId;
          runs.push({ seconds: res.seconds, peakRss: res.peakRss, steps: new Map(server.steps.get(res.jobId)), cpu: res.cpu, models: res.models });
          server.steps.delete(res.jobId);
        };
        if (r % 2 === 0) {
          await doDecode();
          await doRun();
        } else {
          await doRun();
          await doDecode();
        }
        const last = runs[runs.length - 1]!;
        log(`  round ${r + 1}: decode-only ${base[base.length - 1]!.toFixed(1)} s, pipeline ${last.seconds.toFixed(1)} s, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
        log(`    CPU s: ${[...last.cpu].map(([k, v]) => `${k} ${v.toFixed(1)}`).join(", ")}`);
      }
      const mb = median(base);
      const mp = median(runs.map((x) => x.seconds));
      perMinute.push({ seconds: clip.seconds, total: mp });
      out.push(`\n${clip.seconds} s 1080p30 clip (${(fs.statSync(clip.file).size / 1e6).toFixed(0)} MB), median of ${rounds} interleaved rounds, ${os.cpus().length} cores${noStt ? ", speech-to-text off (--no-stt)" : ""}:`);
      const names = [...new Set(runs.flatMap((x) => [...x.steps.keys()]))];
      for (const n of names) {
        const ts = runs.map((x) => x.steps.get(n)).filter((t): t is number => t !== undefined);
        out.push(`  step ${n.padEnd(24)} ${median(ts).toFixed(1).padStart(7)} s   (${ts.map((t) => t.toFixed(1)).join(", ")})`);
      }
      out.push(`  pipeline total (request → completed) ${mp.toFixed(1).padStart(7)} s   (${runs.map((x) => x.seconds.toFixed(1)).join(", ")})`);
      out.push(`  ffmpeg decode only                   ${mb.toFixed(1).padStart(7)} s   (${base.map((t) => t.toFixed(1)).join(", ")})`);
      out.push(`  ffmpeg decode only, CPU (user+sys)   ${median(baseCpu).toFixed(1).padStart(7)} s   (${baseCpu.map((t) => t.toFixed(1)).join(", ")})`);
      const kinds = [...new Set(runs.flatMap((x) => [...x.cpu.keys()]))];
      const cpuTotals = runs.map((x) => [...x.cpu.values()].reduce((a, b) => a + b, 0));
      out.push(`  pipeline CPU, server tree            ${median(cpuTotals).toFixed(1).padStart(7)} s   (${cpuTotals.map((t) => t.toFixed(1)).join(", ")})`);
      for (const k of kinds) out.push(`    ${k.padEnd(34)} ${median(runs.map((x) => x.cpu.get(k) ?? 0)).toFixed(1).padStart(7)} s`);
      const ops = [...new Set(runs.flatMap((x) => [...x.models.keys()]))].sort();
      if (ops.length) out.push("  model processes by request (CPU of the requests, requests):");
      for (const k of ops) {
        const t = runs.map((x) => x.models.get(k) ?? { count: 0, cpuMs: 0 });
        out.push(`    ${k.padEnd(34)} ${(median(t.map((x) => x.cpuMs)) / 1000).toFixed(1).padStart(7)} s   ${median(t.map((x) => x.count))} requests`);
      }
      out.push(`  decode-only ÷ pipeline: ${(mb / mp).toFixed(2)} (per round: ${runs.map((x, i) => (base[i]! / x.seconds).toFixed(2)).join(", ")}); target ≥ 0.80`);
      out.push(`  load average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(", ")}`);
      out.push(`  peak RSS, server + children: ${(Math.max(...runs.map((x) => x.peakRss)) / 2 ** 20).toFixed(0)} MiB; target ≤ 1536 MiB`);
      const tr = median(runs.map((x) => x.steps.get("module:transcription") ?? NaN).filter(Number.isFinite));
      if (Number.isFinite(tr)) out.push(`  transcription step: ${tr.toFixed(1)} s = real-time factor ${(tr / clip.seconds).toFixed(3)} (runs beside the visual work)`);
      // Each clip's block as soon as it is done (a long run cut short keeps what it measured).
      log(out.slice(printed).join("\n"));
      printed = out.length;
    }
    if (perMinute.length > 1) {
      const [a, b] = [perMinute[0], perMinute[perMinute.length - 1]];
      out.push(`\nCost per minute of video: ${((a!.total / a!.seconds) * 60).toFixed(1)} s (${a!.seconds} s clip) vs ${((b!.total / b!.seconds) * 60).toFixed(1)} s (${b!.seconds} s clip)`);
    }
  } finally {
    server.stop();
  }
  console.log(out.join("\n"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
