// Per-keyframe work (OCR, visual labels, descriptions, …) as a list of analyzers run over the
// keyframes a module picked, in a bounded pool: at most `concurrency` keyframes in flight, each
// keyframe analysed once per analyzer however many shots share it. A new kind of per-keyframe
// analysis is one more KeyframeAnalyzer in the list (see ocr-analyzer.ts).
import fs from "node:fs";
import path from "node:path";

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

/**
 * JSON of typed arrays as lists: `JSON.stringify` writes a Float32Array as an object keyed "0",
 * "1", …, which has no length, so face descriptions read back from disk (a resumed run, a chunked
 * run's merge) compared as nothing and every face became a person of its own.
 */
function typedArraysAsLists(_key: string, value: unknown): unknown {
  return ArrayBuffer.isView(value) && !(value instanceof DataView) ? Array.from(value as unknown as ArrayLike<number>) : value;
}

/**
 * The reads of one run's keyframes, shared by every pool of the run (the read-ahead beside the
 * decode pass and the visual elements module): each analyzer's outcome per keyframe file, at most
 * `concurrency` reads at a time across those pools. With `dir`, successful outcomes of the files
 * in `keepFor` (the decode pass's stills) are also written there, so a resumed or re-invoked step
 * (another process, an Inngest re-entry) reuses them instead of reading again.
 */
export class KeyframeReads {
  private running = 0;
  private waiting: (() => void)[] = [];
  private readonly memo = new Map<string, Promise<AnalyzerOutcome>>();
  private limit: number;
  private readonly dir: string | null;
  private readonly keepFor: string | null;

  constructor(opts: { concurrency?: number; dir?: string; keepFor?: string } = {}) {
    this.limit = opts.concurrency ?? 2;
    this.dir = opts.dir ?? null;
    this.keepFor = opts.keepFor ?? null;
  }

  get concurrency(): number {
    return this.limit;
  }

  /** Changes how many reads may run at once (e.g. fewer while the decode pass runs). */
  set concurrency(n: number) {
    this.limit = Math.max(1, n);
    while (this.waiting.length && this.running < this.limit) {
      this.running++;
      this.waiting.shift()!();
    }
  }

  /** The outcome of `read` for (name, file): memoized, from disk when kept, else read in a slot. */
  outcome(name: string, file: string, signal: AbortSignal, read: () => Promise<unknown>): Promise<AnalyzerOutcome> {
    const key = `${name}\u0000${file}`;
    let p = this.memo.get(key);
    if (!p) {
      p = this.compute(name, file, signal, read);
      this.memo.set(key, p);
      // An aborted read is forgotten (it never became an outcome).
      p.catch(() => this.memo.delete(key));
    }
    return p;
  }

  /** Whether (name, file) was read or is being read here, or its outcome is kept on disk. */
  has(name: string, file: string): boolean {
    if (this.memo.has(`${name}\u0000${file}`)) return true;
    const kept = this.diskFile(name, file);
    return !!kept && fs.existsSync(kept);
  }

  private diskFile(name: string, file: string): string | null {
    if (!this.dir || !this.keepFor || path.dirname(file) !== this.keepFor) return null;
    return path.join(this.dir, `${name}-${path.basename(file)}.json`);
  }

  private async compute(name: string, file: string, signal: AbortSignal, read: () => Promise<unknown>): Promise<AnalyzerOutcome> {
    const kept = this.diskFile(name, file);
    if (kept) {
      try {
        return { ok: true, value: JSON.parse(await fs.promises.readFile(kept, "utf8")) as unknown };
      } catch {
        /* not read yet */
      }
    }
    const outcome = await this.slot(signal, async (): Promise<AnalyzerOutcome> => {
      try {
        return { ok: true, value: await read() };
      } catch (err) {
        if (signal.aborted) throw err;
        return { ok: false, error: (err as Error).message || String(err) };
      }
    });
    if (kept && outcome.ok) {
      // Written under a temporary name and renamed: a reader never sees half an outcome.
      const tmp = `${kept}.${process.pid}.part`;
      await fs.promises
        .mkdir(path.dirname(kept), { recursive: true })
        .then(() => fs.promises.writeFile(tmp, JSON.stringify(outcome.value ?? null, typedArraysAsLists)))
        .then(() => fs.promises.rename(tmp, kept))
        .catch(() => undefined);
    }
    return outcome;
  }

  private async slot<T>(signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((r) => this.waiting.push(r));
    else this.running++;
    // (A woken waiter was handed the slot of the read that finished.)
    try {
      if (signal.aborted) throw signal.reason ?? new Error("aborted");
      return await fn();
    } finally {
      const next = this.running <= this.limit ? this.waiting.shift() : undefined;
      if (next) next();
      else this.running--;
    }
  }
}

export class KeyframePool {
  private readonly ready: Promise<Map<string, string | null>>;
  readonly reads: KeyframeReads;

  /** `reads`: a concurrency of its own, or the run's shared reads (their memo and their slots). */
  constructor(
    readonly analyzers: readonly KeyframeAnalyzer[],
    private readonly signal: AbortSignal,
    reads: number | KeyframeReads = 2,
  ) {
    this.reads = typeof reads === "number" ? new KeyframeReads({ concurrency: reads }) : reads;
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
    const entries = await Promise.all(
      chosen.map(async (a) => [a.name, await this.reads.outcome(a.name, kf.file, this.signal, () => a.analyze(kf, this.signal))] as const),
    );
    return Object.fromEntries(entries);
  }
}
