// The claim-and-tick loop every in-process worker runs (the leased worker of clips and imports,
// the webhook dispatcher): every `pollMs`, and at once when asked (`tick`), it claims due work
// until `concurrency` items are under way or none is due; each item that settles makes room and
// claims again. Ticks asked for while a claim is in flight coalesce into one more round. `stop`
// ends claiming (and waits for the claim in flight); `settle` waits for the work in hand.
import type { Logger } from "pino";

export interface ClaimLoopSpec<J> {
  concurrency: number;
  pollMs: number;
  /** Claims at most `room` due items (none due: an empty list). */
  claim(room: number): Promise<J[]>;
  /** Works one claimed item; its rejection is logged, and the loop claims again once it settles. */
  run(item: J): Promise<void>;
  log: Logger;
  /** What the log says when a claim throws. */
  claimFailed: string;
}

export class ClaimLoop<J> {
  private running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  /** The tick under way (a claim in flight), which stop() waits for. */
  private ticking: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly spec: ClaimLoopSpec<J>) {}

  start(): this {
    this.timer = setInterval(() => void this.tick(), this.spec.pollMs);
    this.timer.unref();
    void this.tick();
    return this;
  }

  /** Whether it still claims (stop() not called). */
  get claiming(): boolean {
    return !this.stopped;
  }

  /** How many claimed items are under way. */
  get busy(): number {
    return this.running.size;
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
        while (!this.stopped && this.running.size < this.spec.concurrency) {
          const claimed = await this.spec.claim(this.spec.concurrency - this.running.size);
          if (!claimed.length) break;
          for (const item of claimed) this.launch(item);
        }
      } while (this.again && !this.stopped);
    } catch (err) {
      this.spec.log.error({ err }, this.spec.claimFailed);
    }
  }

  private launch(item: J): void {
    const done: Promise<void> = this.spec
      .run(item)
      .catch((err) => this.spec.log.error({ err }, "work on a claimed item failed"))
      .finally(() => {
        this.running.delete(done);
        if (!this.stopped) void this.tick();
      });
    this.running.add(done);
  }

  /** Stops claiming, and waits for the claim in flight (whose items are then in hand too). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.ticking;
  }

  /** Waits for the work in hand to settle, at most `waitMs`. */
  async settle(waitMs: number): Promise<void> {
    if (!this.running.size) return;
    await Promise.race([Promise.allSettled([...this.running]), new Promise((r) => setTimeout(r, waitMs).unref())]);
  }
}
