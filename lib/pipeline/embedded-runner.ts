// The embedded job runner (the default engine): claims queued runs from Postgres, runs the
// pipeline's steps with bounded concurrency, records each finished step so a restart resumes,
// renews its lease while working, and takes over runs whose lease expired (their process died).
// The lease is short (12 s, renewed every 3 s) so another process takes a dead one's run over
// within 15 s; a graceful stop hands its runs back at once, and a cancelled run is aborted here.
import crypto from "node:crypto";
import { setMaxListeners } from "node:events";
import fs from "node:fs";
import os from "node:os";
import type { Db } from "@/db/client";
import { activeRunJobIds, claimRun, expireLeases, getFinishedSteps, getRun, recordStep, releaseRun, renewLease, type Run } from "@/db/queries/runs";
import { identityToken } from "@/lib/core/process-identity";
import { untilAborted, withRunSignal } from "@/lib/core/run-context";
import { removeDerivedFilesIfVideoGone } from "@/lib/storage/derived-files";
import { onRunQueued } from "./engine";
import { onRunCancelled } from "@/lib/jobs/run-cancel";
import { failRun } from "./finalize-run";
import { publicErrorText } from "@/lib/core/public-error";
import { RunCancelledError, runPipeline, type StepFn } from "./run-pipeline";
import { isTransientOutage } from "./transient-error";
import { workDirFor } from "@/lib/analysis/shared-media";
import { sweepWorkDirs } from "@/lib/jobs/recover-runs";
import { processSingleton } from "@/lib/core/process-singleton";
import { logger } from "@/lib/log/logger";
import { env } from "@/lib/env";

const log = logger("runner");

export const DEFAULT_LEASE_MS = 12_000;
/** How long a finished run's abandoned steps may wind down before its work files are removed. */
const WIND_DOWN_MS = 10_000;

export interface RunnerOptions {
  concurrency?: number;
  leaseMs?: number;
  pollMs?: number;
  /** A run claimed more often than this (it keeps dying mid-way) is failed instead of retried. */
  maxAttempts?: number;
  /**
   * A run stopped by a passing outage (the database or the storage away: transient-error.ts) is
   * handed back and claimable again after this many ms times its attempts so far.
   */
  outageRetryMs?: number;
  /** How often the work directories of runs that ended elsewhere are looked for and removed. */
  workSweepMs?: number;
}

export class EmbeddedRunner {
  /** host:pid-starttime:random, so a restart on the same host can tell a dead owner from a live one. */
  readonly owner = `${os.hostname()}:${identityToken()}:${crypto.randomBytes(3).toString("hex")}`;
  private active = new Map<string, { controller: AbortController; jobId: string; done: Promise<void> }>();
  /** Per job, the wind-down of its last run here (abandoned steps settling, then its work files). */
  private windDowns = new Map<string, Promise<void>>();
  private unsubscribeCancel: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** The tick under way (a claim in flight), which stop() waits for. */
  private ticking: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly outageRetryMs: number;
  private readonly workSweepMs: number;

  constructor(
    private readonly db: Db,
    opts: RunnerOptions = {},
  ) {
    this.concurrency = opts.concurrency ?? env().RUNNER_CONCURRENCY;
    this.leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
    this.pollMs = opts.pollMs ?? 1_000;
    this.maxAttempts = opts.maxAttempts ?? 3;
    this.outageRetryMs = opts.outageRetryMs ?? 15_000;
    this.workSweepMs = opts.workSweepMs ?? 60_000;
  }

  start(): this {
    this.unsubscribe = onRunQueued(() => void this.tick());
    this.unsubscribeCancel = onRunCancelled((jobId) => this.cancelJob(jobId));
    this.timer = setInterval(() => void this.tick(), this.pollMs);
    this.timer.unref();
    // A run that ended in another process (taken over after a lapse, or handed back and claimed
    // there) leaves its work files here: they go once no process runs the job and they sit idle.
    this.sweepTimer = setInterval(() => void this.sweepWorkFiles(), this.workSweepMs);
    this.sweepTimer.unref();
    void this.tick();
    return this;
  }

  /**
   * Stops claiming (once the claim in flight settled: a run it won is in hand, and aborted too);
   * aborts running pipelines (their leases lapse and another runner resumes them).
   */
  async stop(): Promise<void> {
    await this.stopClaiming();
    for (const a of this.active.values()) a.controller.abort();
  }

  private async stopClaiming(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.unsubscribe?.();
    this.unsubscribeCancel?.();
    await this.ticking;
  }

  /**
   * Graceful shutdown: stop claiming, abort the pipelines (their child processes die with them),
   * wait for them to settle (at most `waitMs`), and hand their runs back at once.
   */
  async shutdown(waitMs = 2_000): Promise<void> {
    await this.stopClaiming();
    // Taken before the aborts: an aborted run leaves `active` as it settles.
    const runIds = [...this.active.keys()];
    const running = [...this.active.values()].map((a) => a.done);
    for (const a of this.active.values()) a.controller.abort();
    await settledWithin(running, waitMs);
    await expireLeases(this.db, { runIds, refund: true });
  }

  /** Aborts this process's run of a job at once (the video was deleted or its run cancelled). */
  cancelJob(jobId: string): void {
    for (const a of this.active.values()) if (a.jobId === jobId) a.controller.abort();
  }

  get busy(): number {
    return this.active.size;
  }

  /** Stopped (shutting down): claims nothing more. */
  get isStopped(): boolean {
    return this.stopped;
  }

  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.ticking ??= this.claimQueued().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async claimQueued(): Promise<void> {
    try {
      while (!this.stopped && this.active.size < this.concurrency) {
        const run = await claimRun(this.db, { owner: this.owner, leaseMs: this.leaseMs, engine: "embedded" });
        if (!run) break;
        this.launch(run);
      }
    } catch (err) {
      log.error({ err }, "claiming failed");
    }
  }

  private launch(run: Run): void {
    const controller = new AbortController();
    // Every step, model request and child process of the run listens on this one signal (each
    // removes its listener when done); a run's parallel steps pass Node's default warning at 10.
    setMaxListeners(100, controller.signal);
    let finish = () => {};
    const done = new Promise<void>((r) => (finish = r));
    this.active.set(run.id, { controller, jobId: run.jobId, done });
    void withRunSignal(controller.signal, () => this.execute(run, controller)).finally(finish);
  }

  private async execute(run: Run, controller: AbortController): Promise<void> {
    const steps: Promise<unknown>[] = [];
    const heartbeat = setInterval(async () => {
      try {
        if (!(await renewLease(this.db, { runId: run.id, owner: this.owner, leaseMs: this.leaseMs }))) controller.abort();
      } catch (err) {
        log.error({ err, runId: run.id }, `lease renewal of ${run.id} failed`);
      }
    }, Math.max(1_000, this.leaseMs / 4));
    heartbeat.unref();
    try {
      if (run.attempts > this.maxAttempts) {
        await failRun(this.db, { runId: run.id, error: `Processing was interrupted ${run.attempts - 1} times; giving up` });
        return;
      }
      // A run of this job that was just cancelled may still be winding down in its work directory.
      await this.windDowns.get(run.jobId);
      const finished = await getFinishedSteps(this.db, run.id);
      const step: StepFn = async <T>(name: string, fn: () => Promise<T>) => {
        if (finished.has(name)) return finished.get(name) as T;
        if (controller.signal.aborted) throw new RunCancelledError();
        // A cancelled run ends now, not when the step in flight would have (a model still loading
        // in a low-priority process on a busy machine took seconds); see the wind-down below.
        const work = fn();
        steps.push(work);
        const output = await untilAborted(work, controller.signal);
        await recordStep(this.db, { runId: run.id, name, output: output ?? null });
        return output;
      };
      await runPipeline(this.db, run.id, step, controller.signal);
    } catch (err) {
      if (err instanceof RunCancelledError || controller.signal.aborted) return;
      // A database restart or a storage refusing writes for a while is not the run's failure: it
      // resumes from its recorded steps a little later (its attempts still bound the retries).
      if (isTransientOutage(err) && run.attempts < this.maxAttempts) {
        clearInterval(heartbeat);
        await this.handBack(run, err);
        return;
      }
      // A run whose video was deleted or whose run was cancelled meanwhile fails with whatever
      // broke first (a foreign key, a missing file): an expected race, not an error to report.
      if (!(await this.stillOurs(run.id))) return;
      log.error({ err, runId: run.id, jobId: run.jobId, userId: run.userId }, `run ${run.id} of ${run.jobId} failed`);
      await failRun(this.db, { runId: run.id, error: publicErrorText(err) }).catch((e) =>
        log.error({ err: e, runId: run.id }, `recording the failure of ${run.id} failed`),
      );
    } finally {
      clearInterval(heartbeat);
      this.active.delete(run.id);
      // Steps given up on an abort may still be winding down (ffmpeg, being killed, writes one more
      // still): the work files go once they settled, or after a while (a model load does not stop).
      // Other jobs' runs start meanwhile; the next run of this job waits for it.
      // A deleted video's derived files go too, once its steps settled (each writer also looks
      // after storing, so one that outlives this wait removes its own files).
      const windDown = (async () => {
        await settledWithin(steps, WIND_DOWN_MS);
        if (this.stopped) return;
        await this.removeWorkDir(run.jobId);
        await removeDerivedFilesIfVideoGone(this.db, { userId: run.userId, jobId: run.jobId, videoId: run.videoId }).catch((err) =>
          log.error({ err, jobId: run.jobId }, `removing the files of deleted video ${run.jobId} failed`),
        );
      })();
      this.windDowns.set(run.jobId, windDown);
      if (!this.stopped) void this.tick();
      await windDown;
      if (this.windDowns.get(run.jobId) === windDown) this.windDowns.delete(run.jobId);
    }
  }

  /**
   * Releases a run stopped by an outage, claimable again after a pause that grows with its
   * attempts. The database may be the thing that is away: tried again until it answers (a run
   * left under this runner's name would be taken over by other processes only, never by this one).
   */
  private async handBack(run: Run, err: unknown): Promise<void> {
    const delayMs = this.outageRetryMs * Math.max(1, run.attempts);
    const facts = { runId: run.id, jobId: run.jobId, err: (err as Error)?.message };
    log.warn(facts, `run ${run.id} of ${run.jobId} stopped by an outage; it resumes in ${Math.round(delayMs / 1000)} s`);
    for (let i = 1; ; i++) {
      try {
        await releaseRun(this.db, { runId: run.id, owner: this.owner, claimableAt: new Date(Date.now() + delayMs) });
        return;
      } catch (e) {
        if (this.stopped || i >= 60) {
          log.error({ ...facts, err: e }, `handing back run ${run.id} failed; its lease lapses instead`);
          return;
        }
        await new Promise((r) => setTimeout(r, 1_000));
      }
    }
  }

  private async stillOurs(runId: string): Promise<boolean> {
    const now = await getRun(this.db, runId).catch(() => null);
    return !!now && now.status === "running" && now.leaseOwner === this.owner;
  }

  private async sweepWorkFiles(): Promise<void> {
    const here = (jobId: string) => this.windDowns.has(jobId) || [...this.active.values()].some((a) => a.jobId === jobId);
    try {
      const removed = await sweepWorkDirs(this.db, { keep: here, idleMs: this.workSweepMs });
      if (removed) log.info({ runs: removed }, `removed work files of ${removed} run(s) that ended elsewhere`);
    } catch (err) {
      log.warn({ err: (err as Error).message }, "looking for work files of ended runs failed");
    }
  }

  /** A run that ended (completed, failed, cancelled, deleted) leaves no work files behind. */
  private async removeWorkDir(jobId: string): Promise<void> {
    try {
      if ([...this.active.values()].some((a) => a.jobId === jobId)) return;
      if ((await activeRunJobIds(this.db)).has(jobId)) return;
      await fs.promises.rm(workDirFor(jobId), { recursive: true, force: true, maxRetries: 3 });
    } catch (err) {
      log.error({ jobId, err: (err as Error).message }, `removing the work files of ${jobId} failed`);
    }
  }
}

/** Once every promise settled, or after `ms`, whichever comes first (the timer keeps no process alive). */
function settledWithin(promises: readonly Promise<unknown>[], ms: number): Promise<unknown> {
  return Promise.race([Promise.allSettled(promises), new Promise((r) => setTimeout(r, ms).unref())]);
}

const holder = processSingleton<{ runner?: EmbeddedRunner }>("__vaRunner", () => ({}));

export function startEmbeddedRunner(db: Db, opts?: RunnerOptions): EmbeddedRunner {
  holder.runner ??= new EmbeddedRunner(db, opts).start();
  return holder.runner;
}

export function embeddedRunner(): EmbeddedRunner | undefined {
  return holder.runner;
}
