// Delivers queued webhook messages. Runs inside every app process (server/boot.ts), on the
// claim-and-tick loop of lib/jobs/claim-loop.ts: claims due deliveries from Postgres (FOR UPDATE
// SKIP LOCKED + a lock lease, so one process makes each attempt), POSTs them signed, and records
// the outcome: delivered, or retried with exponential backoff for about a day (5 s, 5 min, 30 min,
// 2 h, 5 h, 10 h, 10 h), then failed.
import type { Db } from "@/db/client";
import { claimDueDeliveries, deleteFinishedDeliveries, recordAttempt, type DueDelivery } from "@/db/queries/webhooks";
import { postWebhook } from "./send";
import { signedHeaders } from "./signing";
import { processSingleton } from "@/lib/core/process-singleton";
import { countWebhookDelivery } from "@/lib/metrics/observe";
import { logger } from "@/lib/log/logger";
import { ClaimLoop } from "@/lib/jobs/claim-loop";
import { subscribeWebhooksToRunEvents } from "./enqueue";
import { webhookWakers } from "./wake";

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

export class WebhookDispatcher {
  private lastCleanup = 0;
  private readonly wake = () => void this.tick();
  private readonly loop: ClaimLoop<DueDelivery>;
  private readonly lockMs: number;
  private readonly retryDelaysMs: number[];
  private readonly timeoutMs: number | undefined;

  constructor(
    private readonly db: Db,
    opts: DispatcherOptions = {},
  ) {
    this.lockMs = opts.lockMs ?? 30_000;
    this.retryDelaysMs = opts.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.timeoutMs = opts.timeoutMs;
    this.loop = new ClaimLoop<DueDelivery>({
      concurrency: opts.concurrency ?? 8,
      pollMs: opts.pollMs ?? 1_000,
      claim: (room) => this.claim(room),
      run: (d) => this.attempt(d),
      log,
      claimFailed: "claiming deliveries failed",
    });
  }

  /** Starts delivering, and queueing the deliveries of this process's run events (once per process). */
  start(): this {
    subscribeWebhooksToRunEvents();
    webhookWakers.add(this.wake);
    this.loop.start();
    return this;
  }

  /**
   * Stops claiming and waits for the claim in flight and the attempts under way to be recorded
   * (at most `waitMs` for the attempts: a receiver that hangs lets its lock lapse instead), so the
   * database may be closed after it without a query of ours failing.
   */
  async stop(waitMs = 2_000): Promise<void> {
    webhookWakers.delete(this.wake);
    await this.loop.stop();
    await this.loop.settle(waitMs);
  }

  tick(): Promise<void> {
    return this.loop.tick();
  }

  private async claim(room: number): Promise<DueDelivery[]> {
    if (Date.now() - this.lastCleanup > 3_600_000) {
      this.lastCleanup = Date.now();
      await deleteFinishedDeliveries(this.db, new Date(Date.now() - LOG_RETENTION_MS));
    }
    return claimDueDeliveries(this.db, { limit: room, lockMs: this.lockMs });
  }

  private async attempt(d: DueDelivery): Promise<void> {
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
