// Counts and ranges in running text, for server and browser alike: "1 shot", "3 shots",
// "45%" rather than "45%–45%". The one place plurals are made.

/** "1 shot", "2 shots", "1,200 shots"; irregular plurals are given: plural(n, "person", "people"). */
export function plural(n: number, one: string, many: string = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/** The word alone, for a count shown elsewhere: pluralWord(1, "segment") → "segment". */
export function pluralWord(n: number, one: string, many: string = `${one}s`): string {
  return n === 1 ? one : many;
}

/**
 * "12%–80%" for values that differ, one value when the formatted lowest and highest are the same
 * ("45%"), "" when there are none.
 */
export function valueRange(values: readonly number[], format: (v: number) => string): string {
  if (!values.length) return "";
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const [a, b] = [format(lo), format(hi)];
  return a === b ? a : `${a}–${b}`;
}
