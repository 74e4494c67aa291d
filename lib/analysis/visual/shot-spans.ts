// The shots other modules build on, read from the shots module's result in one normalised shape.
// The shots module returns `data: { shots }` (richer objects from lib/analysis/shots) plus one
// segment per shot; after a resumed run only what was stored survives, so both are read
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

function keyframeOf(o: Record<string, unknown>, start: number, end: number): number {
  const k = num(o.keyframeTime) ?? num(o.keyframe_time) ?? num(o.keyframe);
  return k !== undefined && k >= start && k <= end ? k : (start + end) / 2;
}

/** The shots of a shots-module result, in time order; empty when there is none. */
export function readShotSpans(result: ModuleResult | undefined): ShotSpan[] {
  if (!result) return [];
  const raw: Omit<ShotSpan, "index">[] = [];
  const data = result.data as { shots?: unknown } | null | undefined;
  if (data && Array.isArray(data.shots)) {
    for (const shot of data.shots as Partial<Shot>[]) {
      const s = (shot ?? {}) as Record<string, unknown>;
      const start = num(s.start) ?? num(s.start_time);
      const end = num(s.end) ?? num(s.end_time);
      if (start === undefined || end === undefined || !(end > start)) continue;
      raw.push({
        start,
        end,
        keyframeTime: keyframeOf(s, start, end),
        ...(typeof shot.startsWith === "string" ? { startsWith: shot.startsWith } : {}),
        ...(typeof shot.endsWith === "string" ? { endsWith: shot.endsWith } : {}),
      });
    }
  }
  if (!raw.length) {
    for (const seg of result.segments ?? []) {
      const start = num(seg.start_time);
      const end = num(seg.end_time);
      if (start === undefined || end === undefined || !(end > start)) continue;
      raw.push({ start, end, keyframeTime: keyframeOf(metadataOf(seg.metadata), start, end) });
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
