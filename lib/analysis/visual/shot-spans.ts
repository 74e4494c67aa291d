// The shots other modules build on, read from the shots module's result in one normalised shape.
// The shots module returns `data: { shots }` (its Output: lib/analysis/shots objects) plus one
// segment per shot; its data has been through the run's step record (JSON: a non-finite number is
// null there) and is null when the shots were kept from an earlier run, so both are read
// defensively and only the fields needed here are kept.
import type { Shot, TransitionKind } from "@/lib/analysis/shots/types";
import type { ModuleResult } from "@/lib/analysis/module-result";
import { metadataOf } from "./util";

export interface ShotSpan {
  /** Position of the shot in the video, 0-based. */
  index: number;
  start: number;
  end: number;
  /** The time of the frame that represents the shot. */
  keyframeTime: number;
  /** How the shot opens and closes, when the detector said (fades matter to scenes). */
  startsWith?: TransitionKind;
  endsWith?: TransitionKind;
}

const num = (x: unknown): number | undefined => (typeof x === "number" && Number.isFinite(x) ? x : undefined);

function keyframeOf(k: number | undefined, start: number, end: number): number {
  return k !== undefined && k >= start && k <= end ? k : (start + end) / 2;
}

/** A shots-module result (`ModuleResults["shots"]`) as read back: any field of a shot may be gone. */
type StoredShots = ModuleResult<{ shots: Partial<Shot>[] }>;

/** The shots of a shots-module result, in time order; empty when there is none. */
export function readShotSpans(result: StoredShots | undefined): ShotSpan[] {
  if (!result) return [];
  const raw: Omit<ShotSpan, "index">[] = [];
  for (const shot of result.data?.shots ?? []) {
    const start = num(shot.start);
    const end = num(shot.end);
    if (start === undefined || end === undefined || !(end > start)) continue;
    raw.push({
      start,
      end,
      keyframeTime: keyframeOf(num(shot.keyframeTime), start, end),
      ...(typeof shot.startsWith === "string" ? { startsWith: shot.startsWith } : {}),
      ...(typeof shot.endsWith === "string" ? { endsWith: shot.endsWith } : {}),
    });
  }
  if (!raw.length) {
    for (const seg of result.segments ?? []) {
      const start = num(seg.start_time);
      const end = num(seg.end_time);
      if (start === undefined || end === undefined || !(end > start)) continue;
      raw.push({ start, end, keyframeTime: keyframeOf(num(metadataOf(seg.metadata).keyframe_time), start, end) });
    }
  }
  raw.sort((a, b) => a.start - b.start || a.end - b.end);
  return raw.map((s, index) => ({ index, ...s }));
}

/** Fixed windows over the video, when no shot boundaries are available. */
export function fixedWindows(duration: number, seconds: number): ShotSpan[] {
  if (!(duration > 0)) return [];
  const n = Math.max(1, Math.round(duration / seconds));
  const step = duration / n;
  return Array.from({ length: n }, (_, index) => {
    const start = index * step;
    const end = index === n - 1 ? duration : (index + 1) * step;
    return { index, start, end, keyframeTime: (start + end) / 2 };
  });
}
