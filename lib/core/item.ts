// A checked read of one element of an array of objects: `item(frames, i)` instead of `frames[i]!`.
// It says the same thing the assertion did (the index is in range), but a wrong index fails here,
// with the index and the length, instead of as an undefined read further on. For numbers in hot
// typed-array loops the code reads `a[i] ?? 0` inline (same value whenever the index is in range,
// and no call in the loop).
export function item<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`index ${index} is outside a list of ${list.length}`);
  return value;
}
