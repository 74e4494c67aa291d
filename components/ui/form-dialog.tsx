"use client";
// A modal form (editing a video, a project or a session's title; choosing modules to reprocess
// with), and the labelled fields such forms are made of.
import { useId, type FormEvent, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { Button } from "./button";
import { cn } from "./cn";
import { DialogButtons, DialogError, Modal } from "./modal";

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
  /** What the submitted request threw: its server's words show in the dialog. */
  error?: unknown;
  submitDisabled?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  wide?: boolean;
}) {
  const titleId = useId();
  return (
    <Modal open={open} busy={busy} onCancel={onClose} labelledBy={titleId} className={cn("max-h-[calc(100dvh-2rem)] overflow-y-auto", wide ? "max-w-2xl" : "max-w-md")}>
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
          <DialogError error={error} />
          <DialogButtons onCancel={onClose} busy={busy}>
            <Button type="submit" busy={busy} disabled={submitDisabled}>
              {submitLabel}
            </Button>
          </DialogButtons>
        </form>
      )}
    </Modal>
  );
}

export const inputClasses =
  "block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-zinc-900 ring-1 ring-zinc-300 ring-inset placeholder:text-zinc-400 focus:ring-2 focus:ring-accent-600";

interface FieldProps {
  label: string;
  /** A line under the field, which describes it. */
  help?: ReactNode;
  /** Marks the field invalid and turns its help red. */
  invalid?: boolean;
}

/** A label, the control and its help, with the ids that tie them together. */
function Field({ label, help, invalid, children }: FieldProps & { children: (ids: { id: string; helpId?: string }) => ReactNode }) {
  const id = useId();
  const helpId = help ? `${id}-help` : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children({ id, helpId })}
      {help && (
        <p id={helpId} className={cn("mt-1 text-xs", invalid ? "text-red-700" : "text-zinc-500")}>
          {help}
        </p>
      )}
    </div>
  );
}

export function TextField({ label, help, invalid, className, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} help={help} invalid={invalid}>
      {({ id, helpId }) => (
        <input id={id} className={cn(inputClasses, "mt-1.5", className)} aria-invalid={invalid || undefined} aria-describedby={helpId} {...input} />
      )}
    </Field>
  );
}

export function TextAreaField({ label, help, invalid, className, ...textarea }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} help={help} invalid={invalid}>
      {({ id, helpId }) => (
        <textarea id={id} className={cn(inputClasses, "mt-1.5 min-h-24", className)} aria-invalid={invalid || undefined} aria-describedby={helpId} {...textarea} />
      )}
    </Field>
  );
}
