// An in-process cache for hot owner-scoped reads, plugged into drizzle's cache hook. Only queries
// that opt in with `.$withCache()` are cached (keyed by drizzle's hash of their SQL and parameters); every insert, update or delete that drizzle runs
// on a table drops the cached reads of that table at once (drizzle calls onMutate).
//
// Used with the embedded database only: PGlite in DATA_DIR is held by exactly one process (the
// data-dir lock) and runs one statement at a time, so this process sees every write and the
// cache is exact. With a Postgres server other processes write too, so no cache is installed.
//
// A read that started before a write and finishes after it must not store what it read: each
// table has a generation, bumped on every write; a miss remembers the generations it saw and
// the result is stored only if none of them moved.
import { Cache, type MutationOption } from "drizzle-orm/cache/core";
import type { CacheConfig } from "drizzle-orm/cache/core/types";
import { entityKind, getTableName, is, Table } from "drizzle-orm";

/** Cached reads expire after this long at most, whatever their config (a safety net for writes
 * drizzle does not see, such as foreign-key cascades). */
const MAX_TTL_MS = 60_000;
const MAX_ENTRIES = 5_000;

type Entry = { result: unknown; tables: string[]; expires: number };
/** A miss waiting for its result: the tables it reads and their generation sum when it missed. */
type Pending = { tables: string[]; generation: number; since: number };
/** A miss whose result never came (the query failed) stops counting after this long. */
const PENDING_MS = 30_000;

export class ReadCache extends Cache {
  static readonly [entityKind] = "VaReadCache";
  private entries = new Map<string, Entry>();
  private generations = new Map<string, number>();
  private pending = new Map<string, Pending>();

  strategy(): "explicit" {
    return "explicit";
  }

  private generation(tables: string[]): number {
    let sum = 0;
    for (const t of tables) sum += this.generations.get(t) ?? 0;
    return sum;
  }

  async get(key: string, tables: string[]): Promise<unknown[] | undefined> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.result as unknown[];
    if (hit) this.entries.delete(key);
    // Concurrent misses of one key keep the oldest generation: the earliest reader decides.
    const waiting = this.pending.get(key);
    if (!waiting || now - waiting.since > PENDING_MS) this.pending.set(key, { tables, generation: this.generation(tables), since: now });
    return undefined;
  }

  async put(key: string, result: unknown, _tables: string[], _isTag: boolean, config?: CacheConfig): Promise<void> {
    const waiting = this.pending.get(key);
    this.pending.delete(key);
    if (!waiting || waiting.generation !== this.generation(waiting.tables)) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    const ttl = Math.min(config?.px ?? (config?.ex ? config.ex * 1000 : MAX_TTL_MS), MAX_TTL_MS);
    this.entries.set(key, { result, tables: waiting.tables, expires: Date.now() + ttl });
  }

  async onMutate(params: MutationOption): Promise<void> {
    const raw = params.tables === undefined ? [] : Array.isArray(params.tables) ? params.tables : [params.tables];
    const names = new Set(raw.map((t) => (is(t, Table) ? getTableName(t) : String(t))));
    if (!names.size) return;
    for (const name of names) this.generations.set(name, (this.generations.get(name) ?? 0) + 1);
    for (const [key, entry] of this.entries) if (entry.tables.some((t) => names.has(t))) this.entries.delete(key);
  }
}
