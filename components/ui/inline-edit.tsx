"use client";

// A text edited in place: the input opens with the current text, Enter saves, Escape cancels. Saving
// an empty or unchanged text closes it like a cancel, so callers only ever see a real change.
import { useState } from "react";

export function InlineEditInput({
  initial,
  label,
  busy,
  onSave,
  onCancel,
}: {
  initial: string;
  /** The input's accessible name. */
  label: string;
  busy: boolean;
  /** A trimmed, non-empty text that differs from `initial`. */
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(initial);
  const save = () => {
    const value = text.trim();
    if (!value || value === initial) onCancel();
    else onSave(value);
  };
  return (
    <input
      autoFocus
      value={text}
      disabled={busy}
      aria-label={label}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          save();
        } else if (e.key === "Escape") {
          e.preventDefault();
          onCancel();
        }
      }}
      className="min-w-0 flex-1 rounded-md border border-accent-400 bg-white px-2 py-0.5 text-sm text-zinc-900 outline-none focus:ring-2 focus:ring-accent-500"
    />
  );
}
