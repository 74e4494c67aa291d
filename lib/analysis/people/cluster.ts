// Agglomerative grouping of face descriptions into people: average linkage on cosine similarity,
// merging the most similar pair of groups while their average similarity is at least the
// threshold. Faces seen together in one frame are two people, whatever they look like (a
// cannot-link: groups holding two faces of one frame are never merged).

export interface ClusterItem {
  descriptor: ArrayLike<number>;
  /** Faces with the same frame key were seen in one picture at once (never one person). */
  frame: string;
}

/** Cosine similarity of two descriptors (0 when either is all zeros). */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * Groups of item indices, each group one person, in order of their first item. O(n³) in the worst
 * case on the pairwise matrix: fine for the faces of one video's keyframes (hundreds).
 */
export function clusterFaces(items: readonly ClusterItem[], threshold: number): number[][] {
  const n = items.length;
  const sim: Float64Array[] = items.map(() => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const s = cosine(items[i]!.descriptor, items[j]!.descriptor);
      sim[i]![j] = s;
      sim[j]![i] = s;
    }
  }
  let groups: { members: number[]; frames: Set<string> }[] = items.map((it, i) => ({ members: [i], frames: new Set([it.frame]) }));
  const linkage = (a: number[], b: number[]) => {
    let s = 0;
    for (const i of a) for (const j of b) s += sim[i]![j]!;
    return s / (a.length * b.length);
  };
  for (;;) {
    let best = -Infinity;
    let bi = -1;
    let bj = -1;
    for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        const gi = groups[i]!;
        const gj = groups[j]!;
        if ([...gj.frames].some((f) => gi.frames.has(f))) continue;
        const s = linkage(gi.members, gj.members);
        if (s > best) {
          best = s;
          bi = i;
          bj = j;
        }
      }
    }
    if (bi < 0 || best < threshold) break;
    const a = groups[bi]!;
    const b = groups[bj]!;
    const merged = { members: [...a.members, ...b.members].sort((x, y) => x - y), frames: new Set([...a.frames, ...b.frames]) };
    groups = groups.filter((_, k) => k !== bi && k !== bj);
    groups.push(merged);
  }
  return groups.map((g) => g.members).sort((x, y) => x[0]! - y[0]!);
}

/** Pairwise precision, recall and F1 of a grouping against the truth (labels per item). */
export function pairwiseScores(groups: readonly number[][], truth: readonly string[]): { precision: number; recall: number; f1: number; tp: number; fp: number; fn: number } {
  const found = new Map<number, number>();
  groups.forEach((g, k) => g.forEach((i) => found.set(i, k)));
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (let i = 0; i < truth.length; i++) {
    for (let j = i + 1; j < truth.length; j++) {
      const same = truth[i] === truth[j];
      const together = found.get(i) !== undefined && found.get(i) === found.get(j);
      if (same && together) tp++;
      else if (together) fp++;
      else if (same) fn++;
    }
  }
  const precision = tp + fp ? tp / (tp + fp) : 1;
  const recall = tp + fn ? tp / (tp + fn) : 1;
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, tp, fp, fn };
}
