// Per-keyframe work (OCR, visual labels, descriptions, …) as a list of analyzers run over the
// keyframes a module picked, in a bounded pool: at most `concurrency` keyframes in flight, each
// keyframe analysed once per analyzer however many shots share it. A new kind of per-keyframe
// analysis is one more KeyframeAnalyzer in the list (see ocr-analyzer.ts).

/** One keyframe as the decode pass kept it. */
export interface KeyframeInput {
  /** A JPEG of the frame (≤ 960 px on the longer side). */
  file: string;
  /** Presentation time in seconds. */
  time: number;
  /** The same frame at the decode pass's analysis size, when the pass kept it (rgb24). */
  small: { rgb: Uint8Array; width: number; height: number } | null;
}

export interface KeyframeAnalyzer<T = unknown> {
  /** Key of its result, e.g. "ocr", "labels". */
  readonly name: string;
  /** Why it cannot run here, or null when it can (called once per pool, may load a model). */
  unavailable(): Promise<string | null>;
  analyze(kf: KeyframeInput, signal: AbortSignal): Promise<T>;
}

export type AnalyzerOutcome<T = unknown> = { ok: true; value: T } | { ok: false; error: string };

export class KeyframePool {
  private running = 0;
  private waiting: (() => void)[] = [];
  private readonly memo = new Map<string, Promise<AnalyzerOutcome>>();
  private readonly ready: Promise<Map<string, string | null>>;

  constructor(
    readonly analyzers: readonly KeyframeAnalyzer[],
    private readonly signal: AbortSignal,
    readonly concurrency = 2,
  ) {
    this.ready = Promise.all(analyzers.map(async (a) => [a.name, await a.unavailable().catch((e: Error) => e.message)] as const)).then(
      (pairs) => new Map(pairs),
    );
  }

  /** Per analyzer, why it cannot run (only those that cannot). */
  async problems(): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const [name, why] of await this.ready) if (why) out.set(name, why);
    return out;
  }

  /** Runs `names` (default: every available analyzer) on one keyframe; never rejects except on abort. */
  async analyze(kf: KeyframeInput, names?: readonly string[]): Promise<Record<string, AnalyzerOutcome>> {
    const ready = await this.ready;
    const chosen = this.analyzers.filter((a) => !ready.get(a.name) && (!names || names.includes(a.name)));
    const entries = await Promise.all(chosen.map(async (a) => [a.name, await this.once(a, kf)] as const));
    return Object.fromEntries(entries);
  }

  private once(a: KeyframeAnalyzer, kf: KeyframeInput): Promise<AnalyzerOutcome> {
    const key = `${a.name}\u0000${kf.file}`;
    let p = this.memo.get(key);
    if (!p) {
      p = this.slot(async () => {
        try {
          return { ok: true as const, value: await a.analyze(kf, this.signal) };
        } catch (err) {
          if (this.signal.aborted) throw err;
          return { ok: false as const, error: (err as Error).message || String(err) };
        }
      });
      this.memo.set(key, p);
    }
    return p;
  }

  private async slot<T>(fn: () => Promise<T>): Promise<T> {
    while (this.running >= this.concurrency) await new Promise<void>((r) => this.waiting.push(r));
    if (this.signal.aborted) throw this.signal.reason ?? new Error("aborted");
    this.running++;
    try {
      return await fn();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
