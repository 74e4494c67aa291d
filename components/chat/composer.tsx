"use client";
// The question box: Enter asks, Shift+Enter starts a new line. An empty question cannot be sent;
// a question the server refuses stays in the box, with the server's reason under it.
import { useId, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { ChatMode } from "@/hooks/queries/chat";
import { ModeSwitch } from "./mode-switch";

/** The server's limit on a question (MAX_QUERY_CHARS in lib/schemas/search.ts). */
export const MAX_QUESTION_CHARS = 4000;

export function Composer({
  value,
  onChange,
  mode,
  onModeChange,
  onSubmit,
  busy,
  error,
  placeholder,
  onStop,
}: {
  value: string;
  onChange: (value: string) => void;
  mode: ChatMode;
  onModeChange: (mode: ChatMode) => void;
  onSubmit: () => void;
  busy: boolean;
  /** Shown under the box (an Alert with the server's words). */
  error?: ReactNode;
  placeholder: string;
  /** While an answer is being written: stops it. */
  onStop?: () => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const empty = !value.trim();
  const tooLong = value.length > MAX_QUESTION_CHARS;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (empty || tooLong || busy) return;
    onSubmit();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) submit(e);
  };

  return (
    <form onSubmit={submit} className="space-y-2" aria-label="Ask a question">
      {error}
      <div className="rounded-xl bg-white ring-1 ring-zinc-300 ring-inset focus-within:ring-2 focus-within:ring-accent-600">
        <label htmlFor={inputId} className="sr-only">
          Your question
        </label>
        <textarea
          id={inputId}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          placeholder={placeholder}
          enterKeyHint="send"
          aria-describedby={hintId}
          aria-invalid={tooLong || undefined}
          className="block max-h-48 min-h-[3.5rem] w-full resize-none rounded-t-xl field-sizing-content border-0 bg-transparent px-3.5 pt-3 pb-1 text-sm text-zinc-900 placeholder:text-zinc-400 focus:ring-0 focus:outline-none"
        />
        <div className="flex flex-wrap items-center justify-between gap-2 px-2.5 pt-1 pb-2.5">
          <ModeSwitch value={mode} onChange={onModeChange} disabled={busy} />
          <div className="flex items-center gap-2">
            {value.length > MAX_QUESTION_CHARS * 0.9 && (
              <span className={cn("text-xs tabular-nums", tooLong ? "font-medium text-red-700" : "text-zinc-500")}>
                {value.length} / {MAX_QUESTION_CHARS}
              </span>
            )}
            {busy && onStop ? (
              <Button type="button" size="sm" variant="secondary" onClick={onStop}>
                Stop
              </Button>
            ) : (
              <Button type="submit" size="sm" busy={busy} disabled={empty || tooLong}>
                {busy ? "Asking…" : "Ask"}
              </Button>
            )}
          </div>
        </div>
      </div>
      <p id={hintId} className="hidden text-xs text-zinc-500 sm:block">
        {tooLong
          ? `A question can be at most ${MAX_QUESTION_CHARS} characters.`
          : "Enter to ask, Shift+Enter for a new line. Time stamps in answers jump the player there."}
      </p>
    </form>
  );
}
