// Which plan (exact scan or HNSW walk) a search scope took lately, per process, for a while.
import type { SearchPlan, VectorScope } from "@/db/queries/search";

/** The scope as a key: owner, model, modules, and the whole library or its exact video ids. */
function keyOf(scope: VectorScope): string {
  const videos = scope.wholeLibrary ? "*" : [...scope.jobIds].sort().join(",");
  return [scope.userId, scope.model, [...(scope.modules ?? [])].sort().join(","), videos].join("|");
}

/** At most `size` scopes, each remembered for `ttlMs` (the oldest entry goes first when full). */
export class PlanMemo {
  private readonly entries = new Map<string, { plan: SearchPlan; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly size: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(scope: VectorScope): SearchPlan | undefined {
    const key = keyOf(scope);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.plan;
    this.entries.delete(key);
    return undefined;
  }

  set(scope: VectorScope, plan: SearchPlan): void {
    const key = keyOf(scope);
    this.entries.delete(key);
    if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { plan, until: this.now() + this.ttlMs });
  }
}
