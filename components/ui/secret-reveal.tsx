"use client";
// A secret the server shows once (a new API key, a webhook signing secret): read-only, selected
// on focus, with a copy button and a "Done" that dismisses it for good.
import { useId, type ReactNode } from "react";
import { Button } from "./button";
import { CopyButton } from "./copy-button";

export function SecretReveal({
  title,
  children,
  value,
  label,
  copyLabel,
  testId,
  onDone,
}: {
  title: ReactNode;
  /** What the secret is for and that it is shown only now. */
  children: ReactNode;
  value: string;
  /** The field's accessible name. */
  label: string;
  copyLabel: string;
  testId?: string;
  onDone: () => void;
}) {
  const id = useId();
  return (
    <div className="rounded-xl border border-accent-200 bg-accent-50/60 p-5" role="region" aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold text-zinc-900">
        {title}
      </h2>
      <div className="mt-1 text-sm text-zinc-600">{children}</div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor={`${id}-value`} className="sr-only">
          {label}
        </label>
        <input
          id={`${id}-value`}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          data-testid={testId}
          className="h-10 w-full min-w-0 rounded-lg border-0 bg-white px-3 font-mono text-sm text-zinc-900 ring-1 ring-zinc-300 ring-inset sm:flex-1"
        />
        <CopyButton text={value} size="md" accessibleLabel={copyLabel} />
      </div>
      <div className="mt-4">
        <Button variant="primary" onClick={onDone}>
          Done, I&apos;ve saved it
        </Button>
      </div>
    </div>
  );
}
