"use client";
// A modal form on the native <dialog> (focus trap and Escape for free), for editing a video and
// choosing modules to reprocess with.
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export function FormDialog({
  open,
  title,
  description,
  children,
  submitLabel,
  busy,
  error,
  submitDisabled,
  onSubmit,
  onClose,
  wide,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  submitLabel: string;
  busy?: boolean;
  error?: string | null;
  submitDisabled?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget && !busy) onClose();
      }}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${wide ? "max-w-2xl" : "max-w-md"} overflow-y-auto rounded-xl bg-white p-0 text-zinc-900 shadow-xl`}
    >
      {open && (
        <form
          className="p-5"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            if (!busy && !submitDisabled) onSubmit();
          }}
        >
          <h2 id={titleId} className="text-base font-semibold">
            {title}
          </h2>
          {description && <div className="mt-1 text-sm text-zinc-600">{description}</div>}
          <div className="mt-4 space-y-4">{children}</div>
          {error && (
            <Alert className="mt-4" tone="error">
              {error}
            </Alert>
          )}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" busy={busy} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}

export const inputClasses =
  "block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-zinc-900 ring-1 ring-zinc-300 ring-inset placeholder:text-zinc-400 focus:ring-2 focus:ring-accent-600";
