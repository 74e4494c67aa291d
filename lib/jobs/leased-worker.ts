// A small in-process worker over a table of leased jobs (clips, imports), on the claim-and-tick
// loop of ./claim-loop.ts: claims due rows (queued, or held by a process whose lease lapsed) with
// FOR UPDATE SKIP LOCKED, runs at most `concurrency` at once, renews each lease while working,
// and on a graceful stop aborts its work and hands the leases back at once. A process that dies
// leaves its leases to lapse: any worker on the same database takes the job over; each job's
// claims are counted, so one that keeps dying ends `failed`, never stuck. Job-side code: it logs
// through the server's log (component: the worker's name).
import crypto from "node:crypto";
import os from "node:os";
import { identityToken } from "@/lib/core/process-identity";
import { logger } from "@/lib/log/logger";
import { ClaimLoop } from "./claim-loop";

export interface LeasedJob {
  id: string;
  attempts: number;
}

export interface LeasedWorkerSpec<J extends LeasedJob> {
  name: string;
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  claim(owner: string, leaseMs: number): Promise<J | null>;
  renew(id: string, owner: string, leaseMs: number): Promise<boolean>;
  /** Makes these jobs claimable at once (`refund`: the claim is not counted as an attempt). */
  release(ids: string[], refund: boolean): Promise<void>;
  execute(job: J, owner: string, signal: AbortSignal): Promise<void>;
}

export class LeasedWorker<J extends LeasedJob> {
  readonly owner = `${os.hostname()}:${identityToken()}:${crypto.randomBytes(3).toString("hex")}`;
  /** The work in hand, by job id: what cancel() and shutdown() abort. */
  private active = new Map<string, AbortController>();
  private readonly loop: ClaimLoop<J>;
  private readonly log: ReturnType<typeof logger>;

  constructor(private readonly spec: LeasedWorkerSpec<J>) {
    this.log = logger(spec.name);
    this.loop = new ClaimLoop<J>({
      concurrency: spec.concurrency,
      pollMs: spec.pollMs,
      // One job per claim: each claim counts an attempt of that job.
      claim: async () => {
        const job = await spec.claim(this.owner, spec.leaseMs);
        return job ? [job] : [];
      },
      run: (job) => this.work(job),
      log: this.log,
      claimFailed: "claiming failed",
    });
  }

  start(): this {
    this.loop.start();
    return this;
  }

  get busy(): number {
    return this.loop.busy;
  }

  /** How many jobs it runs at once. */
  get concurrency(): number {
    return this.spec.concurrency;
  }

  /** Aborts this process's work on one job (it was deleted). */
  cancel(id: string): void {
    this.active.get(id)?.abort();
  }

  tick(): Promise<void> {
    return this.loop.tick();
  }

  /** Works one job, renewing its lease meanwhile (a renewal refused: the job is no longer ours, so its work is aborted). */
  private async work(job: J): Promise<void> {
    const controller = new AbortController();
    this.active.set(job.id, controller);
    const heartbeat = setInterval(async () => {
      try {
        if (!(await this.spec.renew(job.id, this.owner, this.spec.leaseMs))) controller.abort();
      } catch (err) {
        this.log.error({ err, id: job.id }, `renewing the lease of ${job.id} failed`);
      }
    }, Math.max(500, this.spec.leaseMs / 4));
    heartbeat.unref();
    try {
      await this.spec.execute(job, this.owner, controller.signal);
    } catch (err) {
      this.log.error({ err, id: job.id }, `${job.id} failed`);
    } finally {
      clearInterval(heartbeat);
      this.active.delete(job.id);
    }
  }

  /** Whether it still claims work (shutdown() not begun). */
  get claiming(): boolean {
    return this.loop.claiming;
  }

  /**
   * Stops claiming (and waits for the claim in flight, whose job is then in hand too), aborts the
   * work in hand, waits for it (at most `waitMs`) and hands it back.
   */
  async shutdown(waitMs = 2_000): Promise<void> {
    await this.loop.stop();
    const ids = [...this.active.keys()];
    for (const controller of this.active.values()) controller.abort();
    await this.loop.settle(waitMs);
    await this.spec.release(ids, true);
  }
}
