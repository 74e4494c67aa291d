// A small in-process worker over a table of leased jobs (clips, imports): claims due rows
// (queued, or held by a process whose lease lapsed) with FOR UPDATE SKIP LOCKED, runs at most
// `concurrency` at once, renews each lease while working, and on a graceful stop aborts its work
// and hands the leases back at once. A process that dies leaves its leases to lapse: any worker
// on the same database takes the job over; each job's claims are counted, so one that keeps dying
// ends `failed`, never stuck. Job-side code: it logs through the server's log (component: the
// worker's name).
import crypto from "node:crypto";
import os from "node:os";
import { identityToken } from "@/lib/core/process-identity";
import { logger } from "@/lib/log/logger";

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
  private active = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | null = null;
  /** The tick under way (a claim in flight), which shutdown() waits for. */
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly log: ReturnType<typeof logger>;

  constructor(private readonly spec: LeasedWorkerSpec<J>) {
    this.log = logger(spec.name);
  }

  start(): this {
    this.timer = setInterval(() => void this.tick(), this.spec.pollMs);
    this.timer.unref();
    void this.tick();
    return this;
  }

  get busy(): number {
    return this.active.size;
  }

  /** Aborts this process's work on one job (it was deleted). */
  cancel(id: string): void {
    this.active.get(id)?.controller.abort();
  }

  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.ticking) {
      this.again = true;
      return this.ticking;
    }
    this.ticking = this.claimDue().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async claimDue(): Promise<void> {
    try {
      do {
        this.again = false;
        while (!this.stopped && this.active.size < this.spec.concurrency) {
          const job = await this.spec.claim(this.owner, this.spec.leaseMs);
          if (!job) break;
          this.launch(job);
        }
      } while (this.again && !this.stopped);
    } catch (err) {
      this.log.error({ err }, "claiming failed");
    }
  }

  private launch(job: J): void {
    const controller = new AbortController();
    const heartbeat = setInterval(async () => {
      try {
        if (!(await this.spec.renew(job.id, this.owner, this.spec.leaseMs))) controller.abort();
      } catch (err) {
        this.log.error({ err, id: job.id }, `renewing the lease of ${job.id} failed`);
      }
    }, Math.max(500, this.spec.leaseMs / 4));
    heartbeat.unref();
    const done = this.spec
      .execute(job, this.owner, controller.signal)
      .catch((err) => this.log.error({ err, id: job.id }, `${job.id} failed`))
      .finally(() => {
        clearInterval(heartbeat);
        this.active.delete(job.id);
        if (!this.stopped) void this.tick();
      });
    this.active.set(job.id, { controller, done });
  }

  /**
   * Stops claiming (and waits for the claim in flight, whose job is then in hand too), aborts the
   * work in hand, waits for it (at most `waitMs`) and hands it back.
   */
  async shutdown(waitMs = 2_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
    const ids = [...this.active.keys()];
    const running = [...this.active.values()].map((a) => a.done);
    for (const a of this.active.values()) a.controller.abort();
    await Promise.race([Promise.allSettled(running), new Promise((r) => setTimeout(r, waitMs).unref())]);
    await this.spec.release(ids, true);
  }
}
