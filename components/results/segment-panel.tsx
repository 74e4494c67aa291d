"use client";
// Per-module segment lists, one tab per module: times as mm:ss that seek the player, the text,
// and the metadata on demand as readable fields. The segment under the playhead is marked and
// kept in view. `?module=<name>` in the page's address opens that module's tab (search hits).
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { moduleColour, moduleDescription, moduleLabel, sortModules } from "@/lib/pipeline/modules/registry";
import type { ModuleProgress } from "@/components/videos/processing-store";
import type { Segment } from "@/hooks/queries/segments";
import { segmentSeekTime, usePlayerValue, type PlayerStore } from "./player-store";
import { SegmentDetails } from "./segment-details";
import { spokenTime } from "@/lib/browser/format";
import { formatClock } from "@/lib/core/clock";
import { item } from "@/lib/core/item";

const PAGE = 300;

function SegmentItem({ seg, isCurrent, onSeek }: { seg: Segment; isCurrent: boolean; onSeek: () => void }) {
  return (
    <li className={cn("flex gap-3 px-4 py-2.5", isCurrent && "bg-accent-50/70")} data-segment-id={seg.id} aria-current={isCurrent ? "true" : undefined}>
      <button
        type="button"
        onClick={onSeek}
        className="h-6 shrink-0 rounded-md px-1.5 font-mono text-xs font-medium text-accent-700 tabular-nums ring-1 ring-accent-200 ring-inset hover:bg-accent-50"
        aria-label={`${formatClock(seg.start_time)}, play from ${spokenTime(seg.start_time)}`}
      >
        {formatClock(seg.start_time)}
      </button>
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words whitespace-pre-line text-zinc-800">{seg.content || <span className="text-zinc-500">(no text)</span>}</p>
        <p className="mt-0.5 text-xs text-zinc-600 tabular-nums">
          {formatClock(seg.start_time)}–{formatClock(seg.end_time)}
        </p>
        <SegmentDetails metadata={seg.metadata} />
      </div>
    </li>
  );
}

function ModuleList({
  module,
  segments,
  store,
  notes,
  follow,
  pendingState,
}: {
  module: string;
  segments: Segment[];
  store: PlayerStore;
  notes: string[];
  follow: boolean;
  /** While a run is in flight: where this module is in it (no "produced no segments" yet). */
  pendingState: "waiting" | "running" | null;
}) {
  const [limit, setLimit] = useState(PAGE);
  const listRef = useRef<HTMLUListElement>(null);
  const current = usePlayerValue(store, (s) => {
    for (let i = segments.length - 1; i >= 0; i--) {
      const g = item(segments, i);
      if (g.start_time <= s.time + 1e-3 && s.time < Math.max(g.end_time, g.start_time + 0.25)) return i;
    }
    return -1;
  });
  // The segment under the playhead is always among the rows shown.
  if (current >= limit) setLimit(current + PAGE);

  // Whenever the playhead moves to another segment (playing or seeking), keep that segment in
  // view inside the list (never scrolling the page).
  useEffect(() => {
    if (!follow || current < 0) return;
    const list = listRef.current;
    const row = list?.querySelector<HTMLElement>(`[data-segment-id="${CSS.escape(item(segments, current).id)}"]`);
    if (!list || !row) return;
    const top = row.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
    if (top < list.scrollTop || top + row.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTo({ top: Math.max(0, top - list.clientHeight / 3), behavior: "smooth" });
    }
  }, [current, follow, segments]);

  return (
    <>
      {notes.length > 0 && (
        <ul className="space-y-1 border-b border-zinc-100 px-4 py-2 text-xs text-zinc-600" aria-label="About these results">
          {notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
      {segments.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-zinc-500" role={pendingState ? "status" : undefined}>
          {pendingState === "running"
            ? `${moduleLabel(module)} is running; its segments appear here when it finishes.`
            : pendingState === "waiting"
              ? `${moduleLabel(module)} has not run yet; its segments appear here when it finishes.`
              : `${moduleLabel(module)} produced no segments for this video${notes.length ? " (see above)" : ""}.`}
        </p>
      ) : (
        <ul ref={listRef} className="relative max-h-[28rem] min-h-0 flex-1 divide-y divide-zinc-100 overflow-y-auto lg:max-h-none" aria-label={`${moduleLabel(module)} segments`}>
          {segments.slice(0, limit).map((seg, i) => (
            <SegmentItem key={seg.id} seg={seg} isCurrent={i === current} onSeek={() => store.seek(segmentSeekTime(seg.start_time, seg.end_time))} />
          ))}
          {segments.length > limit && (
            <li className="px-4 py-3 text-center">
              <button type="button" className="text-sm font-medium text-accent-700 hover:underline" onClick={() => setLimit((n) => n + PAGE * 3)}>
                Show more ({segments.length - limit} left)
              </button>
            </li>
          )}
        </ul>
      )}
    </>
  );
}

export function SegmentPanel({
  segments,
  modules: wanted,
  store,
  progress,
  pending = false,
  className,
}: {
  segments: Segment[];
  /** Modules to show a tab for even without segments (the ones selected for the run). */
  modules: string[];
  store: PlayerStore;
  /** Live module states with their notes, when known. */
  progress?: ModuleProgress[];
  /** A run is queued or in flight: modules it has not finished say so instead of "no segments". */
  pending?: boolean;
  className?: string;
}) {
  const id = useId();
  const byModule = useMemo(() => {
    const map = new Map<string, Segment[]>();
    for (const m of wanted) map.set(m, []);
    for (const s of segments) {
      const list = map.get(s.module) ?? [];
      list.push(s);
      map.set(s.module, list);
    }
    return map;
  }, [segments, wanted]);
  // Modules with segments first (in lane order), then the ones that produced none.
  const ordered = sortModules(byModule.keys());
  const modules = [...ordered.filter((m) => byModule.get(m)!.length > 0), ...ordered.filter((m) => byModule.get(m)!.length === 0)];
  const firstWithSegments = modules.find((m) => (byModule.get(m)?.length ?? 0) > 0) ?? modules[0];
  const [chosen, setChosen] = useState<string | null>(null);
  // A link to a moment of one module (a search hit) opens that module's tab.
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get("module");
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the query string is read after hydration (the server render has none)
    if (wanted) setChosen(wanted);
  }, []);
  const active = chosen && modules.includes(chosen) ? chosen : firstWithSegments;
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  if (!modules.length || !active) return null;

  const onKey = (e: KeyboardEvent, i: number) => {
    const next =
      e.key === "ArrowRight" ? (i + 1) % modules.length
      : e.key === "ArrowLeft" ? (i - 1 + modules.length) % modules.length
      : e.key === "Home" ? 0
      : e.key === "End" ? modules.length - 1
      : null;
    if (next === null) return;
    e.preventDefault();
    setChosen(item(modules, next));
    tabs.current[next]?.focus();
  };

  const activeProgress = progress?.find((p) => p.module === active);
  const notes = activeProgress?.notes ?? [];
  const pendingState = pending ? (activeProgress?.state === "done" ? null : (activeProgress?.state ?? "waiting")) : null;

  return (
    <section className={cn("flex min-w-0 flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs", className)} aria-label="Segments by module">
      {/* Tabs wrap onto a second row rather than hiding behind a sideways scroll. */}
      <div role="tablist" aria-label="Modules" className="flex flex-wrap gap-x-1 border-b border-zinc-200 px-2 pt-2">
        {modules.map((m, i) => {
          const selected = m === active;
          const n = byModule.get(m)?.length ?? 0;
          return (
            <button
              key={m}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              role="tab"
              id={`${id}-tab-${m}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setChosen(m)}
              onKeyDown={(e) => onKey(e, i)}
              className={cn(
                "-mb-px flex shrink-0 items-center gap-1.5 rounded-t-md border-b-2 px-2.5 py-2 text-sm font-medium whitespace-nowrap",
                selected ? "border-accent-600 text-zinc-900" : "border-transparent text-zinc-500 hover:text-zinc-800",
              )}
            >
              <span className={cn("size-2 rounded-full", moduleColour(m).dot)} aria-hidden="true" />
              {moduleLabel(m)}
              <span className={cn("rounded-full px-1.5 text-xs tabular-nums", selected ? "bg-zinc-100 text-zinc-700" : "text-zinc-500")}>{n}</span>
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${active}`} className="flex min-h-0 flex-1 flex-col">
        <p className="border-b border-zinc-100 px-4 py-2 text-xs text-zinc-500">{moduleDescription(active)}</p>
        <ModuleList key={active} module={active} segments={byModule.get(active) ?? []} store={store} notes={notes} follow pendingState={pendingState} />
      </div>
    </section>
  );
}
