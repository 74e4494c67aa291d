// Reading a Prometheus text-format scrape in tests: one sample's value by name and exact labels.

/** The value of one sample (name and exactly these labels), or undefined when it is absent. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) got[k!] = v!;
    if (JSON.stringify(Object.entries(got).sort()) === JSON.stringify(Object.entries(labels).sort())) return Number(m[3]);
  }
  return undefined;
}
