// A worker process for the crash suite: what `npm run worker` runs (`node --conditions=react-server
// --import tsx scripts/worker.ts`: one node process, not tsx's CLI, whose signal relay SIGKILLs a
// child that does not answer a SIGTERM within 60 ms, as a busy worker mid-run does not), in its own
// process group so a test can kill -9 the whole tree (node, model processes, ffmpeg) or send
// SIGTERM to the top process only.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { livingGroupMembers, until } from "./app-process";

const ROOT = process.cwd();

export class WorkerProcess {
  output = "";
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    readonly child: ChildProcess,
    readonly name: string,
  ) {
    const collect = (c: Buffer) => {
      this.output += c.toString();
      if (process.env.CRASH_VERBOSE) process.stdout.write(`[${name}] ${c}`);
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    this.exited = new Promise((r) => child.once("exit", (code, signal) => r({ code, signal })));
  }

  static start(opts: { name: string; dataDir: string; env: Record<string, string> }): WorkerProcess {
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join("scripts", "worker.ts")], {
      cwd: ROOT,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATA_DIR: opts.dataDir,
        RUNNER_CONCURRENCY: "1",
        NEXT_TELEMETRY_DISABLED: "1",
        ...opts.env,
      },
    });
    return new WorkerProcess(child, opts.name);
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** Until it says it runs jobs (its database is migrated and its runner started). */
  async waitRunning(timeoutMs = 120_000): Promise<void> {
    await until(
      `${this.name} to run jobs`,
      () => {
        if (this.child.exitCode !== null) throw new Error(`${this.name} exited (${this.child.exitCode}):\n${this.output.slice(-3000)}`);
        return /worker \d+ running jobs/.test(this.output);
      },
      timeoutMs,
      50,
    );
  }

  /** Whether `owner` (a run's lease owner, host:pid-start:random) is a process of this worker's tree. */
  owns(owner: string | null): boolean {
    return !!owner && livingGroupMembers(this.pid).some((pid) => owner.includes(`:${pid}-`));
  }

  async kill9(): Promise<void> {
    try {
      process.kill(-this.pid, "SIGKILL");
    } catch {
      /* gone */
    }
    await this.exited;
    await until(`${this.name}'s killed tree to be gone`, () => livingGroupMembers(this.pid).length === 0, 10_000, 20);
  }
}
