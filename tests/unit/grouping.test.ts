// Set-up grouping on synthetic features: average-linkage clustering cut at a threshold.
import { describe, expect, it } from "vitest";
import { clusterBySimilarity, similarityMatrix } from "@/lib/analysis/visual/cluster";
import { groupShotFeatures } from "@/lib/analysis/visual/group-shots";
import { shortlistMatrix } from "@/lib/analysis/visual/shortlist-matrix";
import { Pacer } from "@/lib/analysis/pacer";
import { shotSimilarity, type ShotFeature } from "@/lib/analysis/visual/shot-features";

/** A feature of a flat frame of one colour, with optional per-cell noise from a seed. */
function flat(r: number, g: number, b: number, noise = 0, seed = 1): ShotFeature {
  let s = seed;
  const rand = () => ((s = (s * 16807) % 2147483647) / 2147483647 - 0.5) * 2;
  const grid = new Float32Array(432);
  for (let i = 0; i < 144; i++) {
    grid[i * 3] = Math.min(1, Math.max(0, r + noise * rand()));
    grid[i * 3 + 1] = Math.min(1, Math.max(0, g + noise * rand()));
    grid[i * 3 + 2] = Math.min(1, Math.max(0, b + noise * rand()));
  }
  const hist = new Float32Array(64);
  hist[(Math.min(3, Math.floor(r * 4)) << 4) | (Math.min(3, Math.floor(g * 4)) << 2) | Math.min(3, Math.floor(b * 4))] = 1;
  return { grid, hist, luma: 0.299 * r + 0.587 * g + 0.114 * b };
}

/** Left half one colour, right half another. */
function split(a: [number, number, number], b: [number, number, number]): ShotFeature {
  const grid = new Float32Array(432);
  for (let y = 0; y < 9; y++) for (let x = 0; x < 16; x++) grid.set(x < 8 ? a : b, (y * 16 + x) * 3);
  const hist = new Float32Array(64);
  const bin = (c: number[]) => (Math.min(3, Math.floor(c[0]! * 4)) << 4) | (Math.min(3, Math.floor(c[1]! * 4)) << 2) | Math.min(3, Math.floor(c[2]! * 4));
  hist[bin(a)]! += 0.5;
  hist[bin(b)]! += 0.5;
  return { grid, hist, luma: 0.5 };
}

describe("clusterBySimilarity", () => {
  it("merges by average linkage down to the threshold and numbers clusters by first item", () => {
    // Items 0,2,4 close to each other; 1,3 close; 5 alone.
    const sim = (a: number, b: number) => {
      const cls = [0, 1, 0, 1, 0, 2];
      return cls[a] === cls[b] ? 0.9 : 0.2;
    };
    const idx = [0, 1, 2, 3, 4, 5];
    const m = similarityMatrix(idx, sim);
    const { labels, clusters } = clusterBySimilarity(m, 6, 0.75);
    expect(labels).toEqual([0, 1, 0, 1, 0, 2]);
    expect(clusters).toEqual([[0, 2, 4], [1, 3], [5]]);
  });

  it("does not chain: average linkage keeps a drifting sequence apart", () => {
    // Similarity falls with distance on a line: neighbours 0.8, two apart 0.6, further 0.3.
    const sim = (a: number, b: number) => [1, 0.8, 0.6][Math.abs(a - b)] ?? 0.3;
    const m = similarityMatrix([0, 1, 2, 3, 4, 5, 6, 7], sim);
    const { clusters } = clusterBySimilarity(m, 8, 0.75);
    expect(clusters.every((c) => c.length <= 2)).toBe(true);
  });

  it("handles 0 and 1 items, and a threshold nothing reaches", () => {
    expect(clusterBySimilarity(new Float32Array(0), 0, 0.5)).toEqual({ labels: [], clusters: [] });
    expect(clusterBySimilarity(new Float32Array([1]), 1, 0.5)).toEqual({ labels: [0], clusters: [[0]] });
    const m = similarityMatrix([0, 1, 2], () => 0.1);
    expect(clusterBySimilarity(m, 3, 0.5).clusters).toEqual([[0], [1], [2]]);
  });

  it("scales to a thousand items", () => {
    const n = 1000;
    const m = similarityMatrix(Array.from({ length: n }, (_, i) => i), (a, b) => (a % 7 === b % 7 ? 0.9 : 0.1));
    const t0 = Date.now();
    const { clusters } = clusterBySimilarity(m, n, 0.75);
    expect(clusters).toHaveLength(7);
    expect(Date.now() - t0).toBeLessThan(5000);
  });
});

describe("shortlistMatrix", () => {
  // Items are numbers; the cheap estimate and the full score disagree so each cell shows its source.
  const items = Array.from({ length: 12 }, (_, i) => i);
  const cheap = (a: number, b: number) => (a % 3 === b % 3 ? 0.8 : 0.3) - Math.abs(a - b) / 1000;
  const full = (a: number, b: number) => (a % 3 === b % 3 ? 0.9 : 0.1);

  it("compares in full only each item's best-estimated partners and its neighbours; the rest keep the estimate", async () => {
    const calls: [number, number][] = [];
    const { sims, fullPairs } = await shortlistMatrix(items, cheap, (a, b) => (calls.push([a, b]), full(a, b)), { shortlist: 1, neighbours: 1, minEstimate: 0 });
    expect(fullPairs).toBe(calls.length);
    const n = items.length;
    // Neighbours (i, i+1) are full; each item's best estimate is the nearest item of its class (i±3).
    expect(sims[0 * n + 1]).toBeCloseTo(full(0, 1), 6);
    expect(sims[0 * n + 3]).toBeCloseTo(0.9, 6);
    // Same class but far: never shortlisted by either end, so the estimate stays.
    expect(sims[0 * n + 9]).toBeCloseTo(cheap(0, 9), 6);
    expect(calls.every(([a, b]) => Math.abs(a - b) === 1 || Math.abs(a - b) === 3)).toBe(true);
    // Symmetric, 1 on the diagonal.
    for (let i = 0; i < n; i++) {
      expect(sims[i * n + i]).toBe(1);
      for (let j = 0; j < n; j++) expect(sims[i * n + j]).toBe(sims[j * n + i]);
    }
  });

  it("equals the full matrix when the shortlist covers every pair", async () => {
    const { sims, fullPairs } = await shortlistMatrix(items, cheap, full, { shortlist: 100, neighbours: 0, minEstimate: 0 });
    expect(fullPairs).toBe((12 * 11) / 2);
    expect(Array.from(sims)).toEqual(Array.from(similarityMatrix(items, full)));
  });

  it("never compares in full a pair estimated below minEstimate", async () => {
    const calls: number[] = [];
    await shortlistMatrix(items, cheap, (a, b) => (calls.push(cheap(a, b)), full(a, b)), { shortlist: 100, neighbours: 100, minEstimate: 0.5 });
    expect(calls.length).toBe(18); // 12 items in 3 classes of 4: 3 × 6 pairs
    expect(Math.min(...calls)).toBeGreaterThanOrEqual(0.5);
  });

  /** The full score of a real comparison: a millisecond or so of work. */
  const slowFull = (a: number, b: number) => {
    const until = performance.now() + 1;
    while (performance.now() < until);
    return full(a, b);
  };

  it("gives the event loop turns while it compares (a long grouping does not stall the server)", async () => {
    let turns = 0;
    let done = false;
    const tick = () => {
      if (done) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const many = Array.from({ length: 30 }, (_, i) => i);
    const { fullPairs } = await shortlistMatrix(many, cheap, slowFull, { shortlist: 100, neighbours: 0, minEstimate: 0 });
    done = true;
    expect(fullPairs).toBe((30 * 29) / 2);
    expect(turns).toBeGreaterThan(0);
  });

  it("stops at the next turn once its work is cancelled", async () => {
    const controller = new AbortController();
    let calls = 0;
    const counting = (a: number, b: number) => {
      if (++calls === 5) setImmediate(() => controller.abort(new Error("run cancelled")));
      return slowFull(a, b);
    };
    const many = Array.from({ length: 30 }, (_, i) => i);
    await expect(shortlistMatrix(many, cheap, counting, { shortlist: 100, neighbours: 0, minEstimate: 0 }, new Pacer(controller.signal))).rejects.toThrow("run cancelled");
    expect(calls).toBeLessThan((30 * 29) / 2);
  });

  it("grows the full comparisons linearly: n × (shortlist + neighbours) at most", async () => {
    const many = Array.from({ length: 400 }, (_, i) => i);
    const { fullPairs } = await shortlistMatrix(many, cheap, full, { shortlist: 4, neighbours: 2, minEstimate: 0 });
    expect(fullPairs).toBeLessThanOrEqual(400 * (4 + 2));
  });
});

describe("groupShotFeatures", () => {
  it("groups A B A B C A into set-ups A (3) and B (2), C alone", async () => {
    let seed = 11;
    const A = () => flat(0.2, 0.4, 0.7, 0.03, seed++);
    const B = () => split([0.9, 0.9, 0.2], [0.1, 0.1, 0.1]);
    const C = flat(0.9, 0.1, 0.1);
    const g = await groupShotFeatures([A(), B(), A(), B(), C, A()]);
    expect(g.groups.map((x) => x.shots)).toEqual([[0, 2, 5], [1, 3]]);
    expect(g.groups.map((x) => x.id)).toEqual([1, 2]);
    expect(g.singles).toEqual([4]);
    for (const s of g.groups[0]!.similarity) expect(s).toBeGreaterThan(0.75);
  });

  it("skips black shots and shots without features", async () => {
    const black = flat(0.01, 0.01, 0.01);
    const A = flat(0.5, 0.5, 0.1);
    const g = await groupShotFeatures([black, A, null, black, A]);
    expect(g.skipped).toEqual([0, 2, 3]);
    expect(g.groups.map((x) => x.shots)).toEqual([[1, 4]]);
  });

  it("is stable: the same features give the same groups", async () => {
    const feats = [flat(0.2, 0.2, 0.8, 0.05, 3), flat(0.8, 0.2, 0.2, 0.05, 4), flat(0.2, 0.2, 0.8, 0.05, 5), flat(0.8, 0.2, 0.2, 0.05, 6)];
    expect(await groupShotFeatures(feats)).toEqual(await groupShotFeatures(feats));
  });

  it("rates identical features 1 and unrelated ones low", () => {
    const a = flat(0.2, 0.4, 0.7);
    expect(shotSimilarity(a, a)).toBeCloseTo(1, 5);
    expect(shotSimilarity(a, flat(0.9, 0.9, 0.1))).toBeLessThan(0.2);
  });
});
