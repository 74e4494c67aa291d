"use client";
// A modal confirmation: Cancel has the focus, so Enter does not confirm by accident.
import { useId, type ReactNode } from "react";
import { Button } from "./button";
import { DialogButtons, DialogError, Modal } from "./modal";

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  tone = "danger",
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  tone?: "danger" | "primary";
  busy?: boolean;
  /** What the confirmed request threw: its server's words show in the dialog. */
  error?: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Modal open={open} busy={busy} onCancel={onCancel} labelledBy={titleId} describedBy={bodyId} className="max-w-md">
      <div className="p-5">
        <h2 id={titleId} className="text-base font-semibold">
          {title}
        </h2>
        <div id={bodyId} className="mt-2 text-sm text-zinc-600">
          {children}
        </div>
        <DialogError error={error} />
        <DialogButtons onCancel={onCancel} busy={busy} cancelAutoFocus>
          <Button variant={tone} onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
        </DialogButtons>
      </div>
    </Modal>
  );
}
