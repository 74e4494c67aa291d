"use client";
// Per-module segment lists, one tab per module: times as mm:ss that seek the player, the text,
// and the metadata on demand. The segment under the playhead is marked and kept in view.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { formatClock, spokenTime } from "@/components/videos/format";
import { moduleColour, moduleDescription, moduleLabel, sortModules } from "@/components/videos/module-meta";
import type { ModuleProgress } from "@/components/videos/processing-store";
import type { Segment } from "@/hooks/queries/segments";
import { segmentSeekTime, usePlayerValue, type PlayerStore } from "./player-store";

const PAGE = 300;

function prettyMetadata(text: string | null): string | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === "object" && Object.keys(v).length === 0) return null;
    return JSON.stringify(v, null, 2);
  } catch {
    return text;
  }
}

function SegmentItem({ seg, isCurrent, onSeek }: { seg: Segment; isCurrent: boolean; onSeek: () => void }) {
  const meta = prettyMetadata(seg.metadata);
  return (
    <li className={cn("flex gap-3 px-4 py-2.5", isCurrent && "bg-accent-50/70")} data-segment-id={seg.id} aria-current={isCurrent ? "true" : undefined}>
      <button
        type="button"
        onClick={onSeek}
        className="h-6 shrink-0 rounded-md px-1.5 font-mono text-xs font-medium text-accent-700 tabular-nums ring-1 ring-accent-200 ring-inset hover:bg-accent-50"
        aria-label={`Play from ${spokenTime(seg.start_time)}`}
      >
        {formatClock(seg.start_time)}
      </button>
      <div className="min-w-0 flex-1">
        <p className="text-sm break-words whitespace-pre-line text-zinc-800">{seg.content || <span className="text-zinc-400">(no text)</span>}</p>
        <p className="mt-0.5 text-xs text-zinc-400 tabular-nums">
          {formatClock(seg.start_time)}–{formatClock(seg.end_time)}
        </p>
        {meta && (
          <details className="mt-1 text-xs text-zinc-500">
            <summary className="cursor-pointer select-none hover:text-zinc-700">Details</summary>
            <pre className="mt-1 max-h-48 overflow-auto rounded-md bg-zinc-50 p-2 font-mono text-[11px] leading-relaxed text-zinc-700">{meta}</pre>
          </details>
        )}
      </div>
    </li>
  );
}

function ModuleList({ module, segments, store, notes, follow }: { module: string; segments: Segment[]; store: PlayerStore; notes: string[]; follow: boolean }) {
  const [limit, setLimit] = useState(PAGE);
  const listRef = useRef<HTMLUListElement>(null);
  const current = usePlayerValue(store, (s) => {
    for (let i = segments.length - 1; i >= 0; i--) {
      const g = segments[i];
      if (g.start_time <= s.time + 1e-3 && s.time < Math.max(g.end_time, g.start_time + 0.25)) return i;
    }
    return -1;
  });
  const playing = usePlayerValue(store, (s) => s.playing);

  // While playing, keep the current segment in view inside the list (never scrolling the page).
  useEffect(() => {
    if (!follow || !playing || current < 0 || current >= limit) return;
    const list = listRef.current;
    const row = list?.querySelector<HTMLElement>(`[data-segment-id="${CSS.escape(segments[current].id)}"]`);
    if (!list || !row) return;
    const top = row.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + row.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTo({ top: Math.max(0, top - list.clientHeight / 3), behavior: "smooth" });
    }
  }, [current, playing, follow, limit, segments]);

  return (
    <>
      {notes.length > 0 && (
        <ul className="space-y-1 border-b border-amber-100 bg-amber-50 px-4 py-2 text-xs text-amber-900">
          {notes.map((n, i) => (
            <li key={i}>
              <span className="font-medium">Note: </span>
              {n}
            </li>
          ))}
        </ul>
      )}
      {segments.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-zinc-500">
          {moduleLabel(module)} produced no segments for this video{notes.length ? " (see the note above)" : ""}.
        </p>
      ) : (
        <ul ref={listRef} className="relative max-h-[28rem] divide-y divide-zinc-100 overflow-y-auto" aria-label={`${moduleLabel(module)} segments`}>
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
  className,
}: {
  segments: Segment[];
  /** Modules to show a tab for even without segments (the ones selected for the run). */
  modules: string[];
  store: PlayerStore;
  /** Live module states with their notes, when known. */
  progress?: ModuleProgress[];
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
  const active = chosen && modules.includes(chosen) ? chosen : firstWithSegments;
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = modules.indexOf(active ?? "");

  // The tab strip scrolls sideways on narrow screens: keep the chosen tab in it.
  useEffect(() => {
    const tab = tabs.current[activeIndex];
    const strip = tab?.parentElement;
    if (!tab || !strip) return;
    if (tab.offsetLeft < strip.scrollLeft || tab.offsetLeft + tab.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = Math.max(0, tab.offsetLeft - 8);
    }
  }, [activeIndex]);

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
    setChosen(modules[next]);
    tabs.current[next]?.focus();
  };

  const notes = progress?.find((p) => p.module === active)?.notes ?? [];

  return (
    <section className={cn("flex min-w-0 flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs", className)} aria-label="Segments by module">
      <div role="tablist" aria-label="Modules" className="flex gap-1 overflow-x-auto border-b border-zinc-200 px-2 pt-2">
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
              <span className={cn("rounded-full px-1.5 text-xs tabular-nums", selected ? "bg-zinc-100 text-zinc-700" : "text-zinc-400")}>{n}</span>
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${active}`} className="min-h-0 flex-1">
        <p className="border-b border-zinc-100 px-4 py-2 text-xs text-zinc-500">{moduleDescription(active)}</p>
        <ModuleList key={active} module={active} segments={byModule.get(active) ?? []} store={store} notes={notes} follow />
      </div>
    </section>
  );
}
