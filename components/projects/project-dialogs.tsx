"use client";
// Which project dialog is open, and focus back where it was when it closes (the dialogs are
// unmounted on close, so the browser would otherwise drop focus on <body>).
import { useEffect, useRef, useState, type RefObject } from "react";
import type { Project } from "@/hooks/queries/projects";
import { DeleteProjectDialog } from "./delete-project-dialog";
import { ProjectFormDialog } from "./project-form-dialog";

export type ProjectDialog = { kind: "create" } | { kind: "edit"; project: Project } | { kind: "delete"; project: Project } | null;

/** `fallback` takes focus when the opener is gone (a deleted project's row). */
export function useProjectDialog(fallback?: RefObject<HTMLElement | null>) {
  const [dialog, setDialog] = useState<ProjectDialog>(null);
  const opener = useRef<HTMLElement | null>(null);
  const restore = useRef(false);
  // After the commit that removed the dialog (not a frame later, which may come first when the
  // close follows a request): only then is the page outside it focusable again.
  useEffect(() => {
    if (dialog || !restore.current) return;
    restore.current = false;
    const target = opener.current?.isConnected ? opener.current : fallback?.current;
    target?.focus();
  }, [dialog, fallback]);
  return {
    dialog,
    open(next: Exclude<ProjectDialog, null>) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setDialog(next);
    },
    close() {
      restore.current = true;
      setDialog(null);
    },
  };
}

export function ProjectDialogs({ dialog, onClose, onDeleted }: { dialog: ProjectDialog; onClose: () => void; onDeleted?: () => void }) {
  if (!dialog) return null;
  if (dialog.kind === "delete") {
    return (
      <DeleteProjectDialog
        project={dialog.project}
        onClose={onClose}
        onDeleted={() => {
          onClose();
          onDeleted?.();
        }}
      />
    );
  }
  return <ProjectFormDialog key={dialog.kind === "edit" ? dialog.project.id : "new"} project={dialog.kind === "edit" ? dialog.project : undefined} onClose={onClose} />;
}
