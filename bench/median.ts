// The median the benches report: of an even count, the mean of the middle two (the upper one alone
// let one slow round of two pass for the result); NaN for none.
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length ? (s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2) : NaN;
}
