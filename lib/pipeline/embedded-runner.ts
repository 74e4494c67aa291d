// The embedded job runner (the default engine): claims queued runs from Postgres, runs the
// pipeline's steps with bounded concurrency, records each finished step so a restart resumes,
// renews its lease while working, and takes over runs whose lease expired (their process died).
import crypto from "node:crypto";
import os from "node:os";
import type { Db } from "@/db/client";
import { claimRun, getFinishedSteps, recordStep, renewLease, type Run } from "@/db/queries/runs";
import { onRunQueued } from "./engine";
import { failRun } from "./finalize-run";
import { RunCancelledError, runPipeline, type StepFn } from "./run-pipeline";

export interface RunnerOptions {
  concurrency?: number;
  leaseMs?: number;
  pollMs?: number;
  /** A run claimed more often than this (it keeps dying mid-way) is failed instead of retried. */
  maxAttempts?: number;
}

export function runnerConcurrency(): number {
  const n = Number(process.env.RUNNER_CONCURRENCY);
  return Number.isInteger(n) && n > 0 ? n : Math.max(1, Math.floor(os.availableParallelism() / 2));
}

export class EmbeddedRunner {
  readonly owner = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString("hex")}`;
  private active = new Map<string, AbortController>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private ticking = false;
  private unsubscribe: (() => void) | null = null;
  readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly maxAttempts: number;

  constructor(
    private readonly db: Db,
    opts: RunnerOptions = {},
  ) {
    this.concurrency = opts.concurrency ?? runnerConcurrency();
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.pollMs = opts.pollMs ?? 1_000;
    this.maxAttempts = opts.maxAttempts ?? 3;
  }

  start(): this {
    this.unsubscribe = onRunQueued(() => void this.tick());
    this.timer = setInterval(() => void this.tick(), this.pollMs);
    this.timer.unref();
    void this.tick();
    return this;
  }

  /** Stops claiming; aborts running pipelines (their leases lapse and another runner resumes them). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    for (const c of this.active.values()) c.abort();
  }

  get busy(): number {
    return this.active.size;
  }

  async tick(): Promise<void> {
    if (this.stopped || this.ticking) return;
    this.ticking = true;
    try {
      while (!this.stopped && this.active.size < this.concurrency) {
        const run = await claimRun(this.db, { owner: this.owner, leaseMs: this.leaseMs, engine: "embedded" });
        if (!run) break;
        void this.execute(run);
      }
    } catch (err) {
      console.error("[runner] claiming failed:", err);
    } finally {
      this.ticking = false;
    }
  }

  private async execute(run: Run): Promise<void> {
    const controller = new AbortController();
    this.active.set(run.id, controller);
    const heartbeat = setInterval(async () => {
      try {
        if (!(await renewLease(this.db, { runId: run.id, owner: this.owner, leaseMs: this.leaseMs }))) controller.abort();
      } catch (err) {
        console.error(`[runner] lease renewal of ${run.id} failed:`, err);
      }
    }, Math.max(1_000, this.leaseMs / 3));
    heartbeat.unref();
    try {
      if (run.attempts > this.maxAttempts) {
        await failRun(this.db, { runId: run.id, error: `Processing was interrupted ${run.attempts - 1} times; giving up` });
        return;
      }
      const finished = await getFinishedSteps(this.db, run.id);
      const step: StepFn = async <T>(name: string, fn: () => Promise<T>) => {
        if (finished.has(name)) return finished.get(name) as T;
        if (controller.signal.aborted) throw new RunCancelledError();
        const output = await fn();
        await recordStep(this.db, { runId: run.id, name, output: output ?? null });
        return output;
      };
      await runPipeline(this.db, run.id, step, controller.signal);
    } catch (err) {
      if (err instanceof RunCancelledError || controller.signal.aborted) return;
      console.error(`[runner] run ${run.id} of ${run.jobId} failed:`, err);
      await failRun(this.db, { runId: run.id, error: (err as Error).message || String(err) }).catch((e) =>
        console.error(`[runner] recording the failure of ${run.id} failed:`, e),
      );
    } finally {
      clearInterval(heartbeat);
      this.active.delete(run.id);
      if (!this.stopped) void this.tick();
    }
  }
}

const holder = ((globalThis as Record<string, unknown>).__vaRunner ??= {}) as { runner?: EmbeddedRunner };

export function startEmbeddedRunner(db: Db, opts?: RunnerOptions): EmbeddedRunner {
  holder.runner ??= new EmbeddedRunner(db, opts).start();
  return holder.runner;
}

export function embeddedRunner(): EmbeddedRunner | undefined {
  return holder.runner;
}
