// Delivers run events to SSE subscribers. Events are rows: local ones arrive at once through
// emitEvent, and one shared poll every 500 ms (only while anybody listens) picks up rows written by
// other processes on the same database (a worker's, for a web process). No subscriber, no timer.
// The poll keeps a cursor per job, not one for all: ids are handed out at insert and committed in
// another order by different processes, so a worker's event of job A may become visible after this
// process already saw a higher id of job B. One run's events are written one after the other by the
// process that holds it, so within a job the ids arrive in order.
import type { Db } from "@/db/client";
import { eventsAfterCursors, maxJobEventId, type RunEvent } from "@/db/queries/runs";
import { existingJobIds } from "@/db/queries/videos";
import { onLocalEvent } from "./events";
import { processSingleton } from "@/lib/core/process-singleton";
import { logger } from "@/lib/log/logger";

const log = logger("events");

type Listener = (e: RunEvent) => void;

/** Every this many polls the hub checks that its jobs' videos still exist. */
const EXISTENCE_EVERY = 4;

export class EventHub {
  private subs = new Map<string, Set<Listener>>();
  /** Per job with subscribers: the highest event id delivered (absent until read at its first subscription). */
  private cursors = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private offLocal: (() => void) | null = null;
  /** The poll under way, which settle() waits for. */
  private polling: Promise<void> | null = null;
  private starting: Promise<void> | null = null;
  private polls = 0;

  constructor(
    private readonly db: Db,
    private readonly pollMs = 500,
  ) {}

  get subscriberCount(): number {
    let n = 0;
    for (const s of this.subs.values()) n += s.size;
    return n;
  }

  get isIdle(): boolean {
    return this.timer === null && this.offLocal === null;
  }

  async subscribe(jobId: string, fn: Listener): Promise<() => void> {
    let set = this.subs.get(jobId);
    if (!set) this.subs.set(jobId, (set = new Set()));
    set.add(fn);
    await this.ensureRunning();
    if (!this.cursors.has(jobId)) {
      // What is stored already is the stream's to read (it subscribes first, then reads): the hub
      // delivers what comes after.
      const stored = await maxJobEventId(this.db, jobId);
      if (this.subs.has(jobId)) this.cursors.set(jobId, Math.max(stored, this.cursors.get(jobId) ?? 0));
    }
    return () => {
      const s = this.subs.get(jobId);
      if (!s) return;
      s.delete(fn);
      if (!s.size) {
        this.subs.delete(jobId);
        this.cursors.delete(jobId);
      }
      if (!this.subs.size) this.stop();
    };
  }

  private deliver(e: RunEvent): void {
    const cursor = this.cursors.get(e.jobId);
    if (cursor !== undefined && e.id <= cursor) return;
    if (this.subs.has(e.jobId)) this.cursors.set(e.jobId, e.id);
    for (const fn of this.subs.get(e.jobId) ?? []) fn(e);
  }

  private ensureRunning(): Promise<void> {
    if (this.timer) return Promise.resolve();
    this.starting ??= (async () => {
      if (!this.subs.size || this.timer) return;
      this.offLocal = onLocalEvent((e) => this.deliver(e));
      this.timer = setInterval(() => void this.poll(), this.pollMs);
      this.timer.unref();
    })().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private poll(): Promise<void> {
    if (this.polling || !this.subs.size) return this.polling ?? Promise.resolve();
    this.polling = this.readNew().finally(() => {
      this.polling = null;
    });
    return this.polling;
  }

  /** Resolves once the poll under way (if any) is over: the database may close after it (shutdown). */
  async settle(): Promise<void> {
    await this.polling;
  }

  private async readNew(): Promise<void> {
    try {
      const rows = await eventsAfterCursors(this.db, [...this.cursors]);
      for (const e of rows) this.deliver(e);
      if (++this.polls % EXISTENCE_EVERY === 0) await this.endDeletedJobs();
    } catch (err) {
      log.error({ err }, "poll failed");
    }
  }

  /**
   * A video deleted while clients listen takes its runs and events with it (foreign keys), so no
   * `done` row ever comes: its streams get a `done` from here instead (in every process).
   */
  private async endDeletedJobs(): Promise<void> {
    const jobIds = [...this.subs.keys()];
    const existing = await existingJobIds(this.db, jobIds);
    for (const jobId of jobIds) {
      if (existing.has(jobId)) continue;
      const done: RunEvent = {
        id: Number.MAX_SAFE_INTEGER,
        runId: "",
        jobId,
        type: "done",
        data: { status: "failed", error: "The video was deleted" },
        createdAt: new Date(),
      };
      for (const fn of this.subs.get(jobId) ?? []) fn(done);
    }
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.offLocal?.();
    this.offLocal = null;
  }
}

const holder = processSingleton<{ hub?: EventHub; db?: Db }>("__vaHub", () => ({}));

/** Waits for the hub's poll under way (shutdown, after the streams ended). */
export async function settleEventHub(): Promise<void> {
  await holder.hub?.settle();
}

export function eventHub(db: Db): EventHub {
  if (!holder.hub || holder.db !== db) {
    holder.hub = new EventHub(db);
    holder.db = db;
  }
  return holder.hub;
}
