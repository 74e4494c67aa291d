"use client";
// The parts the app's dialogs share, on the native <dialog>: focus is trapped and Escape cancels
// for free; a click on the backdrop cancels too, except while an action runs.
import { useEffect, useRef, type ReactNode } from "react";
import { errorDetail } from "@/lib/browser/api-client";
import { Alert } from "./alert";
import { Button } from "./button";
import { cn } from "./cn";

export function Modal({
  open,
  busy,
  onCancel,
  labelledBy,
  describedBy,
  className,
  children,
}: {
  open: boolean;
  /** While true, Escape and the backdrop do not cancel. */
  busy?: boolean;
  onCancel: () => void;
  labelledBy: string;
  describedBy?: string;
  /** Width and overflow; the panel's look is shared. */
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its panel) cancels.
        if (e.target === e.currentTarget && !busy) onCancel();
      }}
      className={cn("m-auto w-[calc(100%-2rem)] rounded-xl bg-white p-0 text-zinc-900 shadow-xl", className)}
    >
      {children}
    </dialog>
  );
}

/** The server's words when the dialog's request failed (`error` is what it threw); nothing without one. */
export function DialogError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert className="mt-4" tone="error">
      {errorDetail(error)}
    </Alert>
  );
}

/** Cancel, then the dialog's own button (`children`): side by side from `sm`, stacked below. */
export function DialogButtons({ onCancel, busy, cancelAutoFocus, children }: { onCancel: () => void; busy?: boolean; cancelAutoFocus?: boolean; children: ReactNode }) {
  return (
    <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus={cancelAutoFocus}>
        Cancel
      </Button>
      {children}
    </div>
  );
}
