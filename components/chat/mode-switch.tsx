"use client";
// How the agent gathers what it answers from: the nearest moments (vector) or all of them,
// compressed (brute force). Native radios, so arrow keys move between the two.
import { useId } from "react";
import { cn } from "@/components/ui/cn";
import type { ChatMode } from "@/hooks/queries/chat";

export const MODE_LABELS: Record<ChatMode, string> = { vector: "Vector", brute_force: "Brute force" };

const MODES: { value: ChatMode; hint: string }[] = [
  { value: "vector", hint: "The 20 moments closest to the question" },
  { value: "brute_force", hint: "The whole analysis, compressed; slower on long videos" },
];

export function ModeSwitch({ value, onChange, disabled }: { value: ChatMode; onChange: (mode: ChatMode) => void; disabled?: boolean }) {
  const name = useId();
  const hintId = useId();
  return (
    <fieldset className="flex min-w-0 items-center gap-2" disabled={disabled} aria-describedby={hintId}>
      <legend className="sr-only">Search mode</legend>
      <span className="text-xs font-medium text-zinc-500" aria-hidden="true">
        Mode
      </span>
      <div className="inline-flex rounded-lg bg-zinc-100 p-0.5">
        {MODES.map((m) => (
          <label key={m.value} className="relative cursor-pointer has-disabled:cursor-not-allowed" title={m.hint}>
            <input
              type="radio"
              name={name}
              value={m.value}
              checked={value === m.value}
              onChange={() => onChange(m.value)}
              className="peer absolute inset-0 size-full cursor-[inherit] appearance-none opacity-0"
            />
            <span
              className={cn(
                "block rounded-md px-2.5 py-1 text-xs font-medium whitespace-nowrap text-zinc-600 transition-colors hover:text-zinc-900",
                "peer-checked:bg-white peer-checked:text-zinc-900 peer-checked:shadow-xs",
                "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-accent-600",
              )}
            >
              {MODE_LABELS[m.value]}
            </span>
          </label>
        ))}
      </div>
      <span id={hintId} hidden>
        {MODES.map((m) => `${MODE_LABELS[m.value]}: ${m.hint}.`).join(" ")}
      </span>
    </fieldset>
  );
}
