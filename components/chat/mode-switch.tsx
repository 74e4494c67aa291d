"use client";
// How the agent gathers what it answers from: the nearest moments (the API's `vector`) or all of
// them, compressed (`brute_force`). An option for those who look for it, in words, behind a
// disclosure; native radios inside, so arrow keys move between the two.
import { useId } from "react";
import { cn } from "@/components/ui/cn";
import type { ChatMode } from "@/hooks/queries/chat";

export const MODE_LABELS: Record<ChatMode, string> = { vector: "Closest moments", brute_force: "Whole video" };

const MODES: { value: ChatMode; hint: string }[] = [
  { value: "vector", hint: "Answers from the 20 moments closest to the question" },
  { value: "brute_force", hint: "Answers from the whole analysis, compressed; slower on long videos" },
];

export function ModeSwitch({ value, onChange, disabled }: { value: ChatMode; onChange: (mode: ChatMode) => void; disabled?: boolean }) {
  const name = useId();
  const hintId = useId();
  return (
    <details className="group min-w-0">
      <summary className="cursor-pointer rounded-md px-1.5 py-1 text-xs font-medium text-zinc-600 select-none hover:text-zinc-900">
        Answer from: {MODE_LABELS[value]}
      </summary>
      <fieldset className="mt-1 flex min-w-0 items-center gap-2" disabled={disabled} aria-describedby={hintId}>
        <legend className="sr-only">Answer from</legend>
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
    </details>
  );
}
