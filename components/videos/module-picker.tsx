"use client";
// Which analysis modules to run: every module with its one-line description, in the order the
// pipeline runs them. Modules that build on others say so, so nobody wonders why "shots" runs when
// only "scenes" was picked; a module that does less on this install (no model for it) says so here,
// once, rather than in a note on every result.
import { useId } from "react";
import { useHasCapability } from "@/components/shell/capabilities";
import { cn } from "@/components/ui/cn";
import {
  executionOrder,
  isModuleName,
  LANE_ORDER,
  MODULE_DEPENDENCIES,
  MODULE_NAMES,
  moduleColour,
  moduleDescription,
  moduleLabel,
  withoutModelNote,
  type ModuleName,
} from "@/lib/pipeline/modules/registry";

export function ModulePicker({
  value,
  onChange,
  disabled,
  legend = "Analysis modules",
  compact,
}: {
  value: string[];
  onChange: (modules: ModuleName[]) => void;
  disabled?: boolean;
  legend?: string;
  compact?: boolean;
}) {
  const id = useId();
  const has = useHasCapability();
  const selected = value.filter(isModuleName) as ModuleName[];
  const order = executionOrder(selected);
  const extra = order.filter((m) => !selected.includes(m));
  const toggle = (m: ModuleName) => onChange(selected.includes(m) ? selected.filter((x) => x !== m) : MODULE_NAMES.filter((x) => x === m || selected.includes(x)));
  const all = selected.length === MODULE_NAMES.length;

  return (
    <fieldset disabled={disabled} className="min-w-0" aria-labelledby={`${id}-legend`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <legend id={`${id}-legend`} className="float-left text-sm font-medium text-zinc-900">{legend}</legend>
        <div className="flex gap-1 text-sm">
          <button
            type="button"
            className="rounded px-1.5 py-0.5 font-medium text-accent-700 hover:bg-accent-50 disabled:text-zinc-400"
            onClick={() => onChange([...MODULE_NAMES])}
            disabled={disabled || all}
          >
            Select all
          </button>
          <button
            type="button"
            className="rounded px-1.5 py-0.5 font-medium text-accent-700 hover:bg-accent-50 disabled:text-zinc-400"
            onClick={() => onChange([])}
            disabled={disabled || selected.length === 0}
          >
            Clear
          </button>
        </div>
      </div>
      <ul className={cn("clear-both mt-2 grid gap-2", compact ? "grid-cols-1" : "grid-cols-1 sm:grid-cols-2")}>
        {LANE_ORDER.map((m) => {
          const checked = selected.includes(m);
          const deps = MODULE_DEPENDENCIES[m];
          const limited = withoutModelNote(m, has);
          return (
            <li key={m}>
              <label
                htmlFor={`${id}-${m}`}
                className={cn(
                  "flex h-full cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 transition-colors",
                  checked ? "border-accent-300 bg-accent-50/60" : "border-zinc-200 bg-white hover:border-zinc-300",
                  disabled && "cursor-not-allowed opacity-60",
                )}
              >
                <input
                  id={`${id}-${m}`}
                  type="checkbox"
                  name="modules"
                  value={m}
                  checked={checked}
                  onChange={() => toggle(m)}
                  aria-labelledby={`${id}-${m}-name`}
                  aria-describedby={`${id}-${m}-desc`}
                  className="mt-0.5 size-4 shrink-0 accent-accent-600"
                />
                <span className="min-w-0">
                  <span className="flex items-center gap-1.5 text-sm font-medium text-zinc-900">
                    <span className={cn("size-2 rounded-full", moduleColour(m).dot)} aria-hidden="true" />
                    <span id={`${id}-${m}-name`}>{moduleLabel(m)}</span>
                  </span>
                  <span id={`${id}-${m}-desc`} className="mt-0.5 block text-xs text-zinc-500">
                    {moduleDescription(m)}
                    {deps.length > 0 && <span className="text-zinc-500"> · builds on {deps.map(moduleLabel).join(", ").toLowerCase()}</span>}
                  </span>
                  {limited && (
                    <span className="mt-1 block text-xs text-zinc-600" data-testid="module-offline-note">
                      {limited}
                    </span>
                  )}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs text-zinc-500" aria-live="polite">
        {selected.length === 0
          ? "Pick at least one module."
          : extra.length
            ? `Also runs ${extra.map(moduleLabel).join(", ").toLowerCase()} first, because the chosen modules build on ${extra.length === 1 ? "it" : "them"}; ${extra.length === 1 ? "its" : "their"} segments are not kept.`
            : `${selected.length} of ${MODULE_NAMES.length} modules selected.`}
      </p>
    </fieldset>
  );
}
