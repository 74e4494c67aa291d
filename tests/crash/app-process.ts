// The real app as child processes for the crash suite: `node scripts/start.mjs` (the same command
// as `npm start`) in its own process group, so a test can kill -9 the whole tree, send SIGTERM
// to the top process only, and see what is left. HTTP through fetch, SSE read line by line.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = process.cwd();

export interface StartOptions {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  /** `npm start` (npm -> sh -> start.mjs -> next-server) instead of `node scripts/start.mjs`. */
  viaNpm?: boolean;
  /** Arguments of start.mjs (`--no-build`: serve the build in .next as it is). */
  args?: string[];
}

/** Processes of a group that are still running (zombies do not count). */
export function livingGroupMembers(pgid: number): number[] {
  const out: number[] = [];
  for (const e of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(f[2]) === pgid && f[0] !== "Z") out.push(Number(e));
    } catch {
      /* gone */
    }
  }
  return out;
}

/** The living descendants of `pid` (children first, then theirs), with their command lines. */
export function livingDescendants(pid: number): { pid: number; ppid: number; cmd: string }[] {
  const all: { pid: number; ppid: number; cmd: string }[] = [];
  for (const e of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (f[0] === "Z") continue;
      all.push({ pid: Number(e), ppid: Number(f[1]), cmd: fs.readFileSync(`/proc/${e}/cmdline`, "utf8").split("\0").join(" ").trim() });
    } catch {
      /* gone */
    }
  }
  const out: typeof all = [];
  const queue = [pid];
  while (queue.length) {
    const parent = queue.shift()!;
    for (const p of all.filter((q) => q.ppid === parent)) {
      out.push(p);
      queue.push(p.pid);
    }
  }
  return out;
}

/** Whether a process is running (not gone, not a zombie). */
export function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** Running processes whose command line mentions `needle` (e.g. ffmpeg reading a data directory). */
export function processesMentioning(needle: string, name = "ffmpeg"): number[] {
  const out: number[] = [];
  for (const e of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${e}/cmdline`, "utf8");
      const stat = fs.readFileSync(`/proc/${e}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2)[0] === "Z") continue;
      if (cmd.split("\0")[0]!.endsWith(name) && cmd.includes(needle)) out.push(Number(e));
    } catch {
      /* gone */
    }
  }
  return out;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until<T>(what: string, fn: () => Promise<T | null | undefined | false> | T | null | undefined | false, timeoutMs = 60_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v as T;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

export class AppProcess {
  output = "";
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly startedAt = Date.now();

  private constructor(
    readonly child: ChildProcess,
    readonly opts: StartOptions,
  ) {
    const collect = (c: Buffer) => {
      this.output += c.toString();
      if (process.env.CRASH_VERBOSE) process.stdout.write(`[${opts.port}] ${c}`);
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    this.exited = new Promise((r) => child.once("exit", (code, signal) => r({ code, signal })));
  }

  static start(opts: StartOptions): AppProcess {
    const [command, args]: [string, string[]] = opts.viaNpm ? ["npm", ["start"]] : [process.execPath, [path.join(ROOT, "scripts", "start.mjs"), ...(opts.args ?? [])]];
    const child = spawn(command, args, {
      cwd: ROOT,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(opts.port),
        DATA_DIR: opts.dataDir,
        APP_URL: `http://127.0.0.1:${opts.port}`,
        DATABASE_URL: "",
        NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: "",
        CLERK_SECRET_KEY: "",
        CLERK_JWT_KEY: "",
        RUNNER_CONCURRENCY: "1",
        NEXT_TELEMETRY_DISABLED: "1",
        ...opts.env,
      },
    });
    return new AppProcess(child, opts);
  }

  get pid(): number {
    return this.child.pid!;
  }

  get base(): string {
    return `http://127.0.0.1:${this.opts.port}`;
  }

  /** The API key printed on the first start of an empty instance. */
  apiKey(): string | null {
    return /API key: (svc_live_[0-9a-f]{64})/.exec(this.output)?.[1] ?? null;
  }

  async waitHealthy(timeoutMs = 60_000): Promise<number> {
    const t0 = Date.now();
    await until(
      `health on ${this.opts.port}`,
      async () => {
        if (this.child.exitCode !== null) throw new Error(`the app exited (${this.child.exitCode}):\n${this.output.slice(-3000)}`);
        const res = await fetch(`${this.base}/api/health`).catch(() => null);
        if (!res) return false;
        const body = await res.json().catch(() => null);
        return res.status === 200 && body?.status === "healthy";
      },
      timeoutMs,
      50,
    );
    return (Date.now() - t0) / 1000;
  }

  /** kill -9 of the whole tree (start.mjs, next-server, ffmpeg children). */
  async kill9(): Promise<void> {
    try {
      process.kill(-this.pid, "SIGKILL");
    } catch {
      /* gone */
    }
    await this.exited;
    await until("the killed tree to be gone", () => livingGroupMembers(this.pid).length === 0, 10_000, 20);
  }

  fetch(p: string, init: RequestInit & { key?: string } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (init.key) headers.set("authorization", init.key);
    return fetch(`${this.base}${p}`, { ...init, headers, redirect: "manual" });
  }

  async json(p: string, init: Omit<RequestInit, "body"> & { key?: string; body?: any } = {}): Promise<{ status: number; body: any }> {
    const body = init.body !== undefined && typeof init.body !== "string" ? JSON.stringify(init.body) : init.body;
    const headers = new Headers(init.headers);
    if (body !== undefined) headers.set("content-type", "application/json");
    const res = await this.fetch(p, { ...init, headers, body });
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed };
  }
}

/** Reads an SSE stream; `events` fills as `data:` lines arrive; `ended` resolves when it closes. */
export function readEvents(app: AppProcess, jobId: string, key: string) {
  const events: { at: number; data: any }[] = [];
  const controller = new AbortController();
  const ended = (async () => {
    try {
      const res = await app.fetch(`/api/processing/${jobId}/events`, { key, signal: controller.signal });
      if (!res.body) return;
      const decoder = new TextDecoder();
      let buf = "";
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buf += decoder.decode(chunk, { stream: true });
        let i: number;
        while ((i = buf.indexOf("\n\n")) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          for (const line of block.split("\n")) {
            if (line.startsWith("data: ")) events.push({ at: Date.now(), data: JSON.parse(line.slice(6)) });
          }
        }
      }
    } catch {
      /* aborted or the server went away */
    }
  })();
  return { events, ended, close: () => controller.abort() };
}

/** Upload URL, PUT, register: the job id of a new `uploaded` video. */
export async function uploadAndRegister(app: AppProcess, key: string, file: string, name = path.basename(file)): Promise<{ jobId: string; filePath: string }> {
  const url = await app.json("/api/storage/upload-url", { method: "POST", key, body: { file_name: name } });
  if (url.status !== 200) throw new Error(`upload-url ${url.status}: ${JSON.stringify(url.body)}`);
  const put = await fetch(url.body.upload_url, { method: "PUT", headers: { "content-type": "video/mp4" }, body: fs.readFileSync(file) });
  if (put.status !== 200) throw new Error(`PUT ${put.status}: ${await put.text()}`);
  const reg = await app.json("/api/processing/register-upload", { method: "POST", key, body: { file_path: url.body.file_path } });
  if (reg.status !== 200) throw new Error(`register ${reg.status}: ${JSON.stringify(reg.body)}`);
  return { jobId: reg.body.job_id, filePath: url.body.file_path };
}

export async function startRun(app: AppProcess, key: string, jobId: string, modules: string[]): Promise<void> {
  const res = await app.json(`/api/processing/${jobId}/start`, { method: "POST", key, body: { selected_insights: JSON.stringify(modules) } });
  if (res.status !== 200) throw new Error(`start ${res.status}: ${JSON.stringify(res.body)}`);
}

export async function jobStatus(app: AppProcess, key: string, jobId: string): Promise<any> {
  return (await app.json(`/api/processing/${jobId}/status`, { key })).body;
}

/** The error-level lines (JSON log lines at `error` or `fatal`) of a process's output. */
export function errorLines(output: string): string[] {
  return output.split("\n").filter((line) => {
    try {
      const level = (JSON.parse(line) as { level?: unknown }).level;
      return level === "error" || level === "fatal";
    } catch {
      return false;
    }
  });
}

/** Prints a measured number where CI logs show it. */
export function report(label: string, seconds: number): void {
  console.log(`[crash-suite] ${label}: ${seconds.toFixed(2)} s`);
}
