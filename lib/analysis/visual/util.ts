import { item } from "@/lib/core/item";
// Small helpers shared by the visual modules.

/** Runs `fn` over items with at most `limit` in flight; results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(item(items, i), i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Up to `max` of the spans, spread over the timeline: the span under each of `max` evenly spaced
 * instants first, then the longest remaining ones. Returns indices into `spans`, ascending.
 */
export function spreadSelection(spans: readonly { start: number; end: number }[], max: number): number[] {
  if (spans.length <= max) return spans.map((_, i) => i);
  const t0 = item(spans, 0).start;
  const t1 = item(spans, spans.length - 1).end;
  const chosen = new Set<number>();
  let j = 0;
  for (let k = 0; k < max; k++) {
    const t = t0 + ((k + 0.5) * (t1 - t0)) / max;
    while (j < spans.length - 1 && item(spans, j).end <= t) j++;
    chosen.add(j);
  }
  if (chosen.size < max) {
    const rest = spans
      .map((s, i) => ({ i, len: s.end - s.start }))
      .filter((x) => !chosen.has(x.i))
      .sort((a, b) => b.len - a.len || a.i - b.i);
    for (const r of rest) {
      if (chosen.size >= max) break;
      chosen.add(r.i);
    }
  }
  return [...chosen].sort((a, b) => a - b);
}

/** "a", "a and b", "a, b and c". */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

export const capitalize = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** Metadata arrives as an object in process, as JSON text from storage. */
export function metadataOf(m: unknown): Record<string, unknown> {
  if (typeof m === "string") {
    try {
      const v = JSON.parse(m);
      return v && typeof v === "object" ? (v as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return m && typeof m === "object" ? (m as Record<string, unknown>) : {};
}
