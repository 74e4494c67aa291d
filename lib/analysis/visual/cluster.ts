import { item } from "@/lib/core/item";
// Average-linkage agglomerative clustering cut at a similarity threshold, by the nearest-neighbour
// chain algorithm (O(n²) time and memory): deterministic, and independent of input noise order
// except for exact ties (broken by the lower index).

/** Pairwise similarities of n items, symmetric, 1 on the diagonal. */
export function similarityMatrix<T>(items: readonly T[], sim: (a: T, b: T) => number): Float32Array {
  const n = items.length;
  const m = new Float32Array(n * n);
  for (let i = 0; i < n; i++) {
    m[i * n + i] = 1;
    for (let j = i + 1; j < n; j++) {
      const s = sim(item(items, i), item(items, j));
      m[i * n + j] = s;
      m[j * n + i] = s;
    }
  }
  return m;
}

export interface Clustering {
  /** Cluster label per item, numbered 0.. in order of each cluster's first item. */
  labels: number[];
  /** Members of each cluster (item indices, ascending), indexed by label. */
  clusters: number[][];
}

/**
 * Groups items whose average pairwise similarity (average linkage) is at least `threshold`.
 * `sims` is an n×n similarity matrix from similarityMatrix.
 */
export function clusterBySimilarity(sims: Float32Array, n: number, threshold: number): Clustering {
  const maxDist = 1 - threshold;
  // Distances between current clusters; a cluster lives in the slot of its lowest member.
  const d = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) d[i] = 1 - (sims[i] ?? 0);
  const size = new Int32Array(n).fill(1);
  const active = new Uint8Array(n).fill(1); // 1 = can still merge, 0 = merged away or retired
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  let live = n;
  const chain: number[] = [];
  let scanFrom = 0;

  while (live > 1) {
    if (!chain.length) {
      while (scanFrom < n && !active[scanFrom]) scanFrom++;
      if (scanFrom >= n) break;
      chain.push(scanFrom);
    }
    const a = chain[chain.length - 1] ?? 0;
    const prev = chain.length > 1 ? (chain[chain.length - 2] ?? 0) : -1;
    let b = prev;
    let bd = prev >= 0 ? (d[a * n + prev] ?? 0) : Infinity;
    for (let x = 0; x < n; x++) {
      if (x === a || !active[x]) continue;
      const v = d[a * n + x] ?? 0;
      if (v < bd) {
        bd = v;
        b = x;
      }
    }
    if (b < 0 || bd > maxDist) {
      // Nothing within reach of `a`, nor (by reducibility) of anything below it on the chain.
      for (const c of chain) {
        active[c] = 0;
        live--;
      }
      chain.length = 0;
      continue;
    }
    if (b !== prev) {
      chain.push(b);
      continue;
    }
    chain.length -= 2;
    const keep = Math.min(a, b);
    const drop = Math.max(a, b);
    const na = size[keep] ?? 0;
    const nb = size[drop] ?? 0;
    for (let x = 0; x < n; x++) {
      if (!active[x] || x === keep || x === drop) continue;
      const v = (na * (d[keep * n + x] ?? 0) + nb * (d[drop * n + x] ?? 0)) / (na + nb);
      d[keep * n + x] = v;
      d[x * n + keep] = v;
    }
    size[keep] = na + nb;
    parent[drop] = keep;
    active[drop] = 0;
    live--;
  }

  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] ?? 0;
    return i;
  };
  const labelOfRoot = new Map<number, number>();
  const labels: number[] = [];
  const clusters: number[][] = [];
  for (let i = 0; i < n; i++) {
    const r = root(i);
    let l = labelOfRoot.get(r);
    if (l === undefined) {
      l = clusters.length;
      labelOfRoot.set(r, l);
      clusters.push([]);
    }
    labels.push(l);
    item(clusters, l).push(i);
  }
  return { labels, clusters };
}

/** Mean similarity of item i to the other members of its cluster (1 for a cluster of one). */
export function meanSimilarityWithin(sims: Float32Array, n: number, i: number, members: readonly number[]): number {
  let s = 0;
  let c = 0;
  for (const j of members) {
    if (j === i) continue;
    s += sims[i * n + j] ?? 0;
    c++;
  }
  return c ? s / c : 1;
}
