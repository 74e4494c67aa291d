// The search's memory of which plan a scope took: per scope (owner, model, modules, videos), for
// its time to live, and at most its size (the oldest goes first).
import { describe, expect, it } from "vitest";
import type { VectorScope } from "@/db/queries/search";
import { PlanMemo } from "@/lib/search/plan-memo";

const scope = (over: Partial<VectorScope> = {}): VectorScope => ({ userId: "u1", model: "m", jobIds: ["a", "b"], wholeLibrary: true, ...over });

describe("PlanMemo", () => {
  it("remembers a scope's plan until its time to live ends", () => {
    let now = 1_000;
    const memo = new PlanMemo(60_000, 10, () => now);
    expect(memo.get(scope())).toBeUndefined();
    memo.set(scope(), "hnsw");
    expect(memo.get(scope())).toBe("hnsw");
    now += 59_999;
    expect(memo.get(scope())).toBe("hnsw");
    now += 1;
    expect(memo.get(scope())).toBeUndefined();
  });

  it("keeps scopes apart: another owner, model, module list or set of videos is another scope", () => {
    const memo = new PlanMemo(60_000, 10);
    memo.set(scope(), "hnsw");
    expect(memo.get(scope({ userId: "u2" }))).toBeUndefined();
    expect(memo.get(scope({ model: "other" }))).toBeUndefined();
    expect(memo.get(scope({ modules: ["shots"] }))).toBeUndefined();
    expect(memo.get(scope({ wholeLibrary: false }))).toBeUndefined();
    // The whole library is one scope whatever its videos are now; given videos are keyed by the set.
    expect(memo.get(scope({ jobIds: ["a", "b", "c"] }))).toBe("hnsw");
    memo.set(scope({ wholeLibrary: false, jobIds: ["b", "a"] }), "exact");
    expect(memo.get(scope({ wholeLibrary: false, jobIds: ["a", "b"] }))).toBe("exact");
  });

  it("holds at most its size, forgetting the oldest first", () => {
    const memo = new PlanMemo(60_000, 2);
    memo.set(scope({ userId: "a" }), "exact");
    memo.set(scope({ userId: "b" }), "hnsw");
    memo.set(scope({ userId: "c" }), "hnsw");
    expect(memo.get(scope({ userId: "a" }))).toBeUndefined();
    expect(memo.get(scope({ userId: "b" }))).toBe("hnsw");
    expect(memo.get(scope({ userId: "c" }))).toBe("hnsw");
  });
});
