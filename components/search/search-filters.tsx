"use client";
// What a search looks in and how close a hit must be: one video or all, some modules or all,
// and the minimum similarity. Changes apply at once (the slider once it rests).
import { useEffect, useId, useRef, useState } from "react";
import { cn } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/form-dialog";
import { moduleColour, moduleLabel, type ModuleName } from "@/lib/pipeline/modules/registry";
import type { Video } from "@/hooks/queries/videos";
import { DEFAULT_SEARCH_THRESHOLD, roundThreshold, type SearchState } from "./search-params";

export type FilterChange = Partial<Pick<SearchState, "videoId" | "modules" | "threshold">>;

const SLIDER_SETTLE_MS = 350;

function VideoFilter({ value, videos, onChange }: { value: string; videos: Video[] | undefined; onChange: (id: string) => void }) {
  const id = useId();
  const known = !value || !videos || videos.some((v) => v.job_id === value);
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-900">
        Video
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={cn(inputClasses, "mt-1.5 h-10 truncate pr-8")}>
        <option value="">All analysed videos</option>
        {!known && <option value={value}>A video not in your list</option>}
        {videos?.map((v) => (
          <option key={v.job_id} value={v.job_id}>
            {v.name}
          </option>
        ))}
      </select>
    </div>
  );
}

function ModuleFilter({ value, available, onChange }: { value: ModuleName[]; available: ModuleName[]; onChange: (m: ModuleName[]) => void }) {
  const labelId = useId();
  const shown = [...available, ...value.filter((m) => !available.includes(m))];
  const chip = (pressed: boolean) =>
    cn(
      "inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm font-medium whitespace-nowrap ring-1 ring-inset",
      pressed ? "bg-zinc-900 text-white ring-zinc-900" : "bg-white text-zinc-700 ring-zinc-300 hover:bg-zinc-50",
    );
  return (
    <div className="min-w-0">
      <p id={labelId} className="text-sm font-medium text-zinc-900">
        Modules
      </p>
      <div role="group" aria-labelledby={labelId} className="mt-1.5 flex flex-wrap gap-1.5">
        <button type="button" aria-pressed={value.length === 0} onClick={() => onChange([])} className={chip(value.length === 0)}>
          All
        </button>
        {shown.map((m) => {
          const pressed = value.includes(m);
          return (
            <button
              key={m}
              type="button"
              aria-pressed={pressed}
              onClick={() => onChange(pressed ? value.filter((x) => x !== m) : [...value, m])}
              className={chip(pressed)}
            >
              <span className={cn("size-2 rounded-full", moduleColour(m).dot)} aria-hidden="true" />
              {moduleLabel(m)}
            </button>
          );
        })}
      </div>
    </div>
  );
}

function ThresholdFilter({ value, onChange }: { value: number; onChange: (t: number) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The settled value goes to the latest callback (other filters may have changed meanwhile).
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  // The URL moved (back button, "lower the minimum"): the slider follows (state adjusted while rendering).
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setDraft(value);
  }
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (t: number) => {
    setDraft(t);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(t), SLIDER_SETTLE_MS);
  };
  return (
    <div className="min-w-0">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-zinc-900">
          Minimum similarity
        </label>
        <output htmlFor={id} className="font-mono text-sm text-zinc-700 tabular-nums" data-testid="threshold-value">
          {draft.toFixed(2)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={1}
        step={0.05}
        value={draft}
        onChange={(e) => change(roundThreshold(Number(e.target.value)))}
        aria-valuetext={draft.toFixed(2)}
        aria-describedby={`${id}-hint`}
        className="mt-3 block w-full accent-accent-600"
      />
      <p id={`${id}-hint`} className="mt-1 flex justify-between text-xs text-zinc-500">
        <span>More hits</span>
        <span>Closer matches</span>
      </p>
    </div>
  );
}

/** How many filters differ from "everything at the default minimum". */
export function activeFilterCount(state: SearchState): number {
  return (state.videoId ? 1 : 0) + (state.modules.length ? 1 : 0) + (state.threshold !== DEFAULT_SEARCH_THRESHOLD ? 1 : 0);
}

export function SearchFilters({
  state,
  videos,
  availableModules,
  onChange,
}: {
  state: SearchState;
  /** Completed videos, or undefined while they load. */
  videos: Video[] | undefined;
  availableModules: ModuleName[];
  onChange: (change: FilterChange) => void;
}) {
  const id = useId();
  // On phones the filters fold away so the hits start near the top; wider screens always show them.
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(state);
  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="-mx-1 flex items-center gap-1.5 rounded-md px-1 py-0.5 text-sm font-medium text-zinc-700 hover:text-zinc-900 sm:hidden"
      >
        <svg viewBox="0 0 20 20" className={cn("size-4 text-zinc-400 transition-transform", open && "rotate-90")} fill="currentColor" aria-hidden="true">
          <path d="M7.5 5.5 12 10l-4.5 4.5V5.5Z" />
        </svg>
        Filters
        {active > 0 && <span className="rounded-full bg-accent-50 px-1.5 text-xs text-accent-700 tabular-nums">{active} on</span>}
      </button>
      <div
        id={id}
        className={cn("gap-4 sm:grid sm:grid-cols-2 lg:grid-cols-[minmax(0,16rem)_minmax(0,1fr)_minmax(0,14rem)]", open ? "mt-4 grid sm:mt-0" : "hidden")}
      >
        <VideoFilter value={state.videoId} videos={videos} onChange={(videoId) => onChange({ videoId })} />
        <div className="sm:order-last sm:col-span-2 lg:order-none lg:col-span-1">
          <ModuleFilter value={state.modules} available={availableModules} onChange={(modules) => onChange({ modules })} />
        </div>
        <ThresholdFilter value={state.threshold} onChange={(threshold) => onChange({ threshold })} />
      </div>
    </div>
  );
}
