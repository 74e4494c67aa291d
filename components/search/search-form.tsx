"use client";
// The query box: submitting puts the query in the URL (a new history entry, so Back returns to
// the previous search). An empty query is refused here rather than sent.
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { inputClasses } from "@/components/ui/form-dialog";
import { MAX_QUERY_CHARS } from "./search-params";

export function SearchForm({ query, busy, onSubmit }: { query: string; busy: boolean; onSubmit: (query: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(query);
  const [invalid, setInvalid] = useState(false);
  // The URL's query changed (Back, a link): the box shows it (state adjusted while rendering).
  const [shownQuery, setShownQuery] = useState(query);
  if (query !== shownQuery) {
    setShownQuery(query);
    setDraft(query);
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = draft.trim();
    setInvalid(!q);
    if (q) onSubmit(q);
  };

  return (
    <form role="search" aria-label="Search your videos" onSubmit={submit} noValidate>
      <label htmlFor={id} className="block text-sm font-medium text-zinc-900">
        Search for
      </label>
      <div className="mt-1.5 flex gap-2">
        <div className="relative min-w-0 flex-1">
          <svg viewBox="0 0 24 24" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-zinc-400" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" aria-hidden="true">
            <path d="m20 20-4.2-4.2M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13Z" />
          </svg>
          <input
            id={id}
            type="search"
            name="q"
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              if (invalid && e.target.value.trim()) setInvalid(false);
            }}
            maxLength={MAX_QUERY_CHARS}
            placeholder="Words or a description"
            autoComplete="off"
            enterKeyHint="search"
            autoFocus={!query}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            className={cn(inputClasses, "h-10 pl-10", invalid && "ring-red-400")}
          />
        </div>
        <Button type="submit" busy={busy}>
          Search
        </Button>
      </div>
      {invalid && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700" role="alert">
          Type what to look for.
        </p>
      )}
    </form>
  );
}
