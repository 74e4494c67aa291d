// Delivers queued webhook messages. Runs inside every app process (server/boot.ts): claims due
// deliveries from Postgres (FOR UPDATE SKIP LOCKED + a lock lease, so one process makes each
// attempt), POSTs them signed, and records the outcome: delivered, or retried with exponential
// backoff for about a day (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then failed.
import type { Db } from "@/db/client";
import { claimDueDeliveries, deleteFinishedDeliveries, recordAttempt, type DueDelivery } from "@/db/queries/webhooks";
import { postWebhook } from "./send";
import { signedHeaders } from "./signing";
import { processSingleton } from "@/lib/core/process-singleton";
import { countWebhookDelivery } from "@/lib/metrics/observe";
import { logger } from "@/lib/log/logger";

const log = logger("webhooks");

/** How long delivered and failed messages stay in the log. */
export const LOG_RETENTION_MS = 30 * 24 * 3600_000;

/** Waits before attempt 2, 3, …; the first attempt is immediate. 8 attempts over ~27.6 h. */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

export interface DispatcherOptions {
  pollMs?: number;
  concurrency?: number;
  /** How long a claimed delivery stays ours (longer than one attempt's timeout). */
  lockMs?: number;
  retryDelaysMs?: number[];
  timeoutMs?: number;
}

type Waker = () => void;
const wakers = processSingleton<Set<Waker>>("__vaWebhookWakers", () => new Set<Waker>());

/** Called after deliveries were queued in this process: local dispatchers claim at once. */
export function wakeWebhookDispatchers(): void {
  for (const w of wakers) w();
}

export class WebhookDispatcher {
  private active = 0;
  private timer: NodeJS.Timeout | null = null;
  /** The tick under way (a claim in flight), which stop() waits for. */
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private idle: (() => void)[] = [];
  private lastCleanup = 0;
  private readonly wake = () => void this.tick();
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly lockMs: number;
  private readonly retryDelaysMs: number[];
  private readonly timeoutMs: number | undefined;

  constructor(
    private readonly db: Db,
    opts: DispatcherOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 1_000;
    this.concurrency = opts.concurrency ?? 8;
    this.lockMs = opts.lockMs ?? 30_000;
    this.retryDelaysMs = opts.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.timeoutMs = opts.timeoutMs;
  }

  start(): this {
    wakers.add(this.wake);
    this.timer = setInterval(this.wake, this.pollMs);
    this.timer.unref();
    void this.tick();
    return this;
  }

  /**
   * Stops claiming and waits for the claim in flight and the attempts under way to be recorded
   * (at most `waitMs` for the attempts: a receiver that hangs lets its lock lapse instead), so the
   * database may be closed after it without a query of ours failing.
   */
  async stop(waitMs = 2_000): Promise<void> {
    this.stopped = true;
    wakers.delete(this.wake);
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
    if (this.active) {
      await Promise.race([new Promise<void>((r) => this.idle.push(r)), new Promise((r) => setTimeout(r, waitMs).unref())]);
    }
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
      if (Date.now() - this.lastCleanup > 3_600_000) {
        this.lastCleanup = Date.now();
        await deleteFinishedDeliveries(this.db, new Date(Date.now() - LOG_RETENTION_MS));
      }
      do {
        this.again = false;
        while (!this.stopped && this.active < this.concurrency) {
          const claimed = await claimDueDeliveries(this.db, { limit: this.concurrency - this.active, lockMs: this.lockMs });
          if (!claimed.length) break;
          for (const d of claimed) void this.attempt(d);
        }
      } while (this.again && !this.stopped);
    } catch (err) {
      log.error({ err }, "claiming deliveries failed");
    }
  }

  private async attempt(d: DueDelivery): Promise<void> {
    this.active++;
    try {
      const at = new Date();
      const headers = signedHeaders({ secret: d.secret, id: d.id, body: d.payload });
      const result = await postWebhook({ url: d.url, body: d.payload, headers, timeoutMs: this.timeoutMs });
      const attempt = d.attempts + 1;
      const delay = this.retryDelaysMs[attempt - 1];
      countWebhookDelivery(result.isSuccess ? "delivered" : delay === undefined ? "failed" : "retry");
      await recordAttempt(this.db, {
        deliveryId: d.id,
        delivered: result.isSuccess,
        nextAttemptAt: result.isSuccess || delay === undefined ? null : new Date(Date.now() + delay),
        attempt: {
          attempt,
          at: at.toISOString(),
          response_status: result.status,
          duration_ms: result.durationMs,
          error: result.error ?? (result.isSuccess ? null : `HTTP ${result.status}`),
        },
      });
    } catch (err) {
      // The lock lapses and another tick retries this attempt.
      log.error({ err, deliveryId: d.id }, `delivery ${d.id} could not be recorded`);
    } finally {
      this.active--;
      if (!this.active) for (const r of this.idle.splice(0)) r();
      if (!this.stopped) void this.tick();
    }
  }
}

const holder = processSingleton<{ dispatcher?: WebhookDispatcher }>("__vaWebhookDispatcher", () => ({}));

/** The app process's dispatcher (boot starts it once). */
export function startWebhookDispatcher(db: Db, opts: DispatcherOptions = {}): WebhookDispatcher {
  holder.dispatcher ??= new WebhookDispatcher(db, opts).start();
  return holder.dispatcher;
}

/** Stops the app process's dispatcher (shutdown), once its claim in flight settled. */
export async function stopWebhookDispatcher(): Promise<void> {
  await holder.dispatcher?.stop();
}
