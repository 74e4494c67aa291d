"use client";
// The chat page header's picker of what the conversation is about (a video, or a project).
import { useId } from "react";
import { inputClasses } from "@/components/ui/form-dialog";

export function ScopeSwitcher({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="w-72 max-w-full">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={`${inputClasses} h-10 truncate pr-8`}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The "go there" chevron at the end of a chooser row. */
export function ChevronRight() {
  return (
    <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-zinc-400" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="m7.5 5 5 5-5 5" />
    </svg>
  );
}
