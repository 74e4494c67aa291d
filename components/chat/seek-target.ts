// Answers cite a moment by its start rounded down to the second ([00:02] for a line spoken at
// 2.2 s). Seeking to the second itself would land before the moment; the segment that starts in
// that second says where it really begins.

export interface TimedSegment {
  id: string;
  start_time: number;
}

/**
 * Where to seek for a time stamp: the start of a segment beginning within that second — one the
 * answer was built from when there is such (`cited`), else the earliest — or the stamp itself.
 */
export function seekTarget(stamp: number, segments: readonly TimedSegment[], cited: ReadonlySet<string> = new Set()): number {
  if (!Number.isInteger(stamp)) return stamp;
  let best: TimedSegment | null = null;
  for (const s of segments) {
    if (Math.floor(s.start_time) !== stamp) continue;
    if (!best) {
      best = s;
      continue;
    }
    const [isCited, bestCited] = [cited.has(s.id), cited.has(best.id)];
    if ((isCited && !bestCited) || (isCited === bestCited && s.start_time < best.start_time)) best = s;
  }
  return best ? best.start_time : stamp;
}
