"use client";
// One lane per module that has segments, on a shared time axis. Blocks are buttons that seek the
// player; a playhead follows playback; clicking the ruler seeks there. Each lane is one tab stop
// (arrow keys move between its blocks), so a long transcript does not swallow the Tab key.
// Shot and scene blocks wide enough for it show a frame from their middle (the storyboard).
// With `onRangeSelect`, dragging along the ruler selects a range (shown as a band over the lanes)
// and hands it over when the pointer is let go, e.g. to make a clip of it.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { cn } from "@/components/ui/cn";
import { moduleColour, moduleLabel, sortModules } from "@/lib/pipeline/modules/registry";
import type { Segment } from "@/hooks/queries/segments";
import { useStoryboard, type Storyboard } from "@/hooks/queries/storyboard";
import { MomentThumbnail } from "./moment-thumbnail";
import { segmentSeekTime, usePlayerValue, type PlayerStore } from "./player-store";
import { spokenTime } from "@/lib/browser/format";
import { formatClock } from "@/lib/core/clock";
import { plural } from "@/lib/core/words";
import { useCoarsePointer } from "@/hooks/use-coarse-pointer";
import { item } from "@/lib/core/item";

const MAX_ROWS = 3;
/** A press that moves less than this is a click on the ruler (a seek), not a drag. */
const DRAG_MIN_PX = 4;
/** Shorter selections are dropped (a clip range needs start < end). */
const MIN_RANGE_S = 0.1;

export interface TimeRange {
  start: number;
  end: number;
}
const ROW_PX = 22;
/** With a finger: rows whose blocks (row − 4 px) are at least 24 px tall, and blocks at least as wide. */
const TOUCH_ROW_PX = 32;
const TOUCH_MIN_BLOCK_PX = 24;
/** Lanes whose blocks show a frame, and their taller rows. */
const FRAME_LANES = new Set(["shots", "scenes"]);
const FRAME_ROW_PX = 44;
/** Blocks are a row less 4 px tall (40 px here); a frame sits 2 px inside. */
const FRAME_HEIGHT_PX = FRAME_ROW_PX - 8;

interface Placed {
  seg: Segment;
  row: number;
  index: number;
}

/** Greedy interval packing: overlapping segments (a summary and its chapters) get their own rows. */
function pack(segments: Segment[]): { placed: Placed[]; rows: number } {
  const ends: number[] = [];
  const placed = segments.map((seg, index) => {
    let row = ends.findIndex((end) => seg.start_time >= end - 1e-6);
    if (row < 0) row = ends.length < MAX_ROWS ? ends.length : ends.indexOf(Math.min(...ends));
    ends[row] = Math.max(seg.end_time, seg.start_time);
    return { seg, row, index };
  });
  return { placed, rows: Math.max(1, ends.length) };
}

function niceStep(duration: number, target: number): number {
  const steps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];
  return steps.find((s) => duration / s <= target) ?? 7200;
}

function Playhead({ store, duration }: { store: PlayerStore; duration: number }) {
  const pct = usePlayerValue(store, (s) => (duration ? Math.min(100, Math.max(0, (s.time / duration) * 100)) : 0));
  return (
    <div className="pointer-events-none absolute inset-y-0 z-10 w-0" style={{ left: `${pct}%` }} aria-hidden="true" data-testid="playhead">
      <div className="absolute -top-1 -left-[5px] size-2.5 rotate-45 rounded-[2px] bg-zinc-900" />
      <div className="absolute inset-y-0 -left-px w-0.5 bg-zinc-900/80" />
    </div>
  );
}

function Lane({
  module,
  segments,
  duration,
  store,
  storyboard,
  trackWidth,
}: {
  module: string;
  segments: Segment[];
  duration: number;
  store: PlayerStore;
  storyboard: Storyboard | null;
  trackWidth: number;
}) {
  const { placed, rows } = useMemo(() => pack(segments), [segments]);
  const frames = FRAME_LANES.has(module) && storyboard?.cues.length ? storyboard : null;
  const coarse = useCoarsePointer();
  const rowPx = frames ? FRAME_ROW_PX : coarse ? TOUCH_ROW_PX : ROW_PX;
  const frameWidth = frames ? Math.min(96, Math.round(FRAME_HEIGHT_PX * (item(frames.cues, 0).w / item(frames.cues, 0).h))) : 0;
  const [focusIndex, setFocusIndex] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const colour = moduleColour(module);
  const label = moduleLabel(module);
  const current = usePlayerValue(store, (s) => {
    // The last segment that started at or before the playhead and has not ended.
    for (let i = segments.length - 1; i >= 0; i--) {
      const g = item(segments, i);
      if (g.start_time <= s.time + 1e-3 && s.time < Math.max(g.end_time, g.start_time + 0.25)) return i;
    }
    return -1;
  });

  const move = (e: KeyboardEvent, i: number) => {
    const next =
      e.key === "ArrowRight" || e.key === "ArrowDown" ? Math.min(segments.length - 1, i + 1)
      : e.key === "ArrowLeft" || e.key === "ArrowUp" ? Math.max(0, i - 1)
      : e.key === "Home" ? 0
      : e.key === "End" ? segments.length - 1
      : null;
    if (next === null) return;
    e.preventDefault();
    setFocusIndex(next);
    refs.current[next]?.focus();
  };

  return (
    <div role="group" aria-label={`${label}: ${plural(segments.length, "segment")}`} data-lane={module}>
      <div className="mb-1 flex items-center gap-1.5 text-xs font-medium text-zinc-600">
        <span className={cn("size-2 rounded-full", colour.dot)} aria-hidden="true" />
        {label}
        <span className="font-normal text-zinc-500">{segments.length}</span>
      </div>
      <div className="relative rounded-md bg-zinc-100" style={{ height: rows * rowPx }}>
        {placed.map(({ seg, row, index }) => {
          const left = duration ? (seg.start_time / duration) * 100 : 0;
          const width = duration ? (Math.max(0, seg.end_time - seg.start_time) / duration) * 100 : 0;
          const isCurrent = index === current;
          const withFrame = frames !== null && (width / 100) * trackWidth >= frameWidth + 8;
          const textFits = withFrame ? (width / 100) * trackWidth >= frameWidth + 48 : width > 6;
          return (
            <button
              key={seg.id}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              tabIndex={index === focusIndex ? 0 : -1}
              onFocus={() => setFocusIndex(index)}
              onKeyDown={(e) => move(e, index)}
              onClick={(e) => {
                e.stopPropagation();
                store.seek(segmentSeekTime(seg.start_time, seg.end_time));
              }}
              aria-label={`${label} ${index + 1} of ${segments.length}, ${spokenTime(seg.start_time)} to ${spokenTime(seg.end_time)}: ${seg.content}`}
              title={`${formatClock(seg.start_time)}–${formatClock(seg.end_time)} · ${seg.content}`}
              data-start={seg.start_time}
              className={cn(
                // A hairline on the right keeps cuts between touching blocks visible.
                "absolute overflow-hidden rounded-[3px] border-r border-white/70 px-1 text-left text-[11px] leading-[16px] font-medium whitespace-nowrap text-white transition-shadow",
                // Keyboard focus: a dashed outline standing off the block, unlike the solid "under the playhead" ring.
                "focus-visible:z-20 focus-visible:outline-2 focus-visible:outline-offset-[3px] focus-visible:outline-zinc-900 focus-visible:outline-dashed",
                frames && "flex items-center",
                colour.block,
                isCurrent && `z-10 ring-2 ring-offset-1 ${colour.active}`,
              )}
              style={{
                left: `${left}%`,
                width: `max(${width}%, ${coarse ? TOUCH_MIN_BLOCK_PX : 4}px)`,
                top: row * rowPx + 2,
                height: rowPx - 4,
                paddingLeft: withFrame ? frameWidth + 6 : undefined,
              }}
            >
              {withFrame && (
                <MomentThumbnail
                  storyboard={frames}
                  time={(seg.start_time + Math.max(seg.start_time, seg.end_time)) / 2}
                  className="pointer-events-none absolute top-0.5 left-0.5 rounded-[2px]"
                  style={{ width: frameWidth, height: FRAME_HEIGHT_PX }}
                  boxAspect={frameWidth / FRAME_HEIGHT_PX}
                />
              )}
              <span className="pointer-events-none block min-w-0 truncate">{textFits ? seg.content : ""}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

export function Timeline({
  segments,
  duration: videoDuration,
  store,
  emptyText,
  thumbnailUrl,
  selection = null,
  onRangeSelect,
}: {
  segments: Segment[];
  duration: number;
  store: PlayerStore;
  emptyText?: string;
  /** The video's thumbnail_url once a run has completed: its storyboard gives shot and scene blocks a frame. */
  thumbnailUrl?: string | null;
  /** A selected range to show over the lanes. */
  selection?: TimeRange | null;
  /** Dragging along the ruler selects a range (seconds, rounded to 0.01 s), handed over on release. */
  onRangeSelect?: (range: TimeRange) => void;
}) {
  const storyboard = useStoryboard(thumbnailUrl).data ?? null;
  const byModule = useMemo(() => {
    const map = new Map<string, Segment[]>();
    for (const s of segments) {
      const list = map.get(s.module) ?? [];
      list.push(s);
      map.set(s.module, list);
    }
    for (const list of map.values()) list.sort((a, b) => a.start_time - b.start_time || a.end_time - b.end_time);
    return map;
  }, [segments]);
  const playerDuration = usePlayerValue(store, (s) => s.duration);
  const duration = Math.max(videoDuration || 0, videoDuration ? 0 : playerDuration, ...segments.map((s) => s.end_time), 0.001);
  const modules = sortModules(byModule.keys());
  const track = useRef<HTMLDivElement>(null);
  // About one labelled tick per 64 px of ruler.
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const ro = new ResizeObserver(([entry]) => setWidth(entry!.contentRect.width));
    ro.observe(el);
    return () => ro.disconnect();
  }, [modules.length > 0]); // eslint-disable-line react-hooks/exhaustive-deps -- the track exists once there are modules
  const step = niceStep(duration, Math.max(2, Math.floor(width / 64)));
  const ticks: number[] = [];
  for (let t = 0; t <= duration + 1e-6; t += step) ticks.push(t);

  const timeAt = (clientX: number): number | null => {
    const rect = track.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return null;
    return Math.min(duration, Math.max(0, ((clientX - rect.left) / rect.width) * duration));
  };
  // A press seeks at once; moving on while pressed drags out a range.
  const press = useRef<{ x: number; t: number } | null>(null);
  const [dragged, setDragged] = useState<TimeRange | null>(null);
  const seekAt = (e: PointerEvent) => {
    const t = timeAt(e.clientX);
    if (t === null) return;
    store.seek(t);
    if (!onRangeSelect) return;
    e.preventDefault(); // no text selection while dragging
    press.current = { x: e.clientX, t };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const dragTo = (e: PointerEvent) => {
    const from = press.current;
    const t = timeAt(e.clientX);
    if (!from || t === null || Math.abs(e.clientX - from.x) < DRAG_MIN_PX) return;
    setDragged({ start: Math.min(from.t, t), end: Math.max(from.t, t) });
  };
  const release = () => {
    const range = dragged;
    press.current = null;
    setDragged(null);
    if (!range || !onRangeSelect) return;
    const start = Math.round(range.start * 100) / 100;
    const end = Math.round(range.end * 100) / 100;
    if (end - start >= MIN_RANGE_S) onRangeSelect({ start, end });
  };
  const band = dragged ?? selection;

  if (!modules.length) {
    return <p className="rounded-lg border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-500">{emptyText ?? "No segments to show yet."}</p>;
  }

  return (
    <div className="min-w-0" data-testid="timeline">
      <div ref={track} className="relative">
        {/* The ruler: a pointer target for seeking (keyboard users have the player's own controls). */}
        <div
          className={cn("relative mb-2 h-5 cursor-pointer border-b border-zinc-200", onRangeSelect && "cursor-col-resize touch-none select-none")}
          onPointerDown={seekAt}
          onPointerMove={dragTo}
          onPointerUp={release}
          onPointerCancel={() => {
            press.current = null;
            setDragged(null);
          }}
          aria-hidden="true"
          data-testid="timeline-ruler"
        >
          {ticks.map((t) => (
            <span key={t} className="absolute bottom-0 h-1.5 border-l border-zinc-300" style={{ left: `${(t / duration) * 100}%` }}>
              <span
                className={cn(
                  "absolute bottom-1.5 text-[10px] whitespace-nowrap text-zinc-500 tabular-nums",
                  t === 0 ? "left-2" : t / duration > 0.97 ? "right-0.5" : "-translate-x-1/2",
                )}
              >
                {formatClock(t)}
              </span>
            </span>
          ))}
        </div>
        <div className="relative space-y-3">
          {modules.map((m) => (
            <Lane key={m} module={m} segments={byModule.get(m)!} duration={duration} store={store} storyboard={storyboard} trackWidth={width} />
          ))}
        </div>
        {band && (
          <div
            className="pointer-events-none absolute inset-y-0 z-[5] rounded-sm bg-accent-500/15 ring-1 ring-accent-500/60 ring-inset"
            style={{ left: `${(band.start / duration) * 100}%`, width: `${((band.end - band.start) / duration) * 100}%` }}
            data-testid="timeline-selection"
            data-start={band.start}
            data-end={band.end}
            aria-hidden="true"
          />
        )}
        <Playhead store={store} duration={duration} />
      </div>
    </div>
  );
}
