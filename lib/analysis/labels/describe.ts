// Readable content for detected objects: "2 people, a bicycle".
const IRREGULAR: Record<string, string> = {
  person: "people",
  mouse: "mice",
  knife: "knives",
  sheep: "sheep",
  skis: "skis",
  scissors: "scissors",
};
const UNCOUNTED = new Set(["skis", "scissors"]);

function plural(label: string): string {
  const words = label.split(" ");
  const last = words.pop()!;
  const p = IRREGULAR[last] ?? (/(s|sh|ch|x)$/.test(last) ? `${last}es` : `${last}s`);
  return [...words, p].join(" ");
}

function one(label: string): string {
  if (UNCOUNTED.has(label)) return `a pair of ${label}`;
  return `${/^[aeiou]/.test(label) ? "an" : "a"} ${label}`;
}

/** "2 people, a bicycle": counts per label, the most frequent first (ties by first seen). */
export function describeObjects(objects: readonly { label: string }[]): string {
  const counts = new Map<string, number>();
  for (const o of objects) counts.set(o.label, (counts.get(o.label) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([label, n]) => (n === 1 ? one(label) : `${n} ${plural(label)}`))
    .join(", ");
}
