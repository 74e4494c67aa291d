// Long synchronous analysis in the server's one thread (grouped shots and scenes compare shots
// pairwise at milliseconds a pair: over half a minute on a 30-minute video) hands the event loop a
// turn every few milliseconds. The server keeps answering (status, progress streams, lease renewals
// — a lease lapses after 12 s), other modules' work keeps flowing to the model processes beside
// it, and a cancelled run stops computing at the next turn.
import { runSignal } from "@/lib/core/run-context";

/** Longest stretch of work between two turns of the event loop. */
const SLICE_MS = 20;

export class Pacer {
  private last = performance.now();

  /** `signal`: what cancels the work (default: the current run's, if any). */
  constructor(private readonly signal: AbortSignal | undefined = runSignal()) {}

  /** Whether the current slice is used up (cheap: call it in the loop, `pause` only when true). */
  due(): boolean {
    return performance.now() - this.last >= SLICE_MS;
  }

  /** A turn of the event loop; throws the abort's reason when the work was cancelled meanwhile. */
  async pause(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.last = performance.now();
    this.signal?.throwIfAborted();
  }
}
