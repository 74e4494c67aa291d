// Reprocessing keeps the owner's corrected segments; a module's new segment that overlaps a kept
// one by half or more (of either's length) says the same thing again and is dropped, so a
// corrected transcript line is not shown twice. Shorter overlaps (a neighbour's edge) stay.
export interface TimeRange {
  startTime: number;
  endTime: number;
}

export function overlapsByHalf(a: TimeRange, b: TimeRange): boolean {
  const overlap = Math.min(a.endTime, b.endTime) - Math.max(a.startTime, b.startTime);
  if (overlap <= 0) return a.startTime === b.startTime && a.endTime === b.endTime; // identical instants
  const shorter = Math.min(a.endTime - a.startTime, b.endTime - b.startTime);
  return shorter <= 0 || overlap >= shorter / 2;
}

/** The new segments that do not repeat a kept edited one. */
export function withoutEdited<T>(fresh: readonly T[], range: (s: T) => TimeRange, edited: readonly TimeRange[]): T[] {
  if (!edited.length) return [...fresh];
  return fresh.filter((s) => !edited.some((e) => overlapsByHalf(range(s), e)));
}
