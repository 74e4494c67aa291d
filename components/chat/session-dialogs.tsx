"use client";
// Renaming and deleting a chat session: the dialogs behind the conversation's header buttons.
// Failures keep the dialog open with the server's words.
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormDialog, TextField } from "@/components/ui/form-dialog";
import { useDeleteSession, useRenameSession, type ChatSession } from "@/hooks/queries/chat";
import { projectScope } from "@/lib/browser/chat-url";
import { plural } from "@/lib/core/words";

export type SessionAction = "rename" | "delete";

function RenameDialog({ session, onClose }: { session: ChatSession; onClose: () => void }) {
  const rename = useRenameSession(session.project_id ? projectScope(session.project_id) : (session.job_id ?? ""));
  const [title, setTitle] = useState(session.title);
  const trimmed = title.trim();
  return (
    <FormDialog
      open
      title="Rename session"
      submitLabel="Save"
      busy={rename.isPending}
      error={rename.error}
      submitDisabled={!trimmed || trimmed === session.title}
      onClose={onClose}
      onSubmit={() => rename.mutate({ sessionId: session.id, title: trimmed }, { onSuccess: onClose })}
    >
      <TextField label="Title" value={title} maxLength={255} required onChange={(e) => setTitle(e.target.value)} autoFocus />
    </FormDialog>
  );
}

function DeleteDialog({ session, onClose, onDeleted }: { session: ChatSession; onClose: () => void; onDeleted: () => void }) {
  const remove = useDeleteSession(session.project_id ? projectScope(session.project_id) : (session.job_id ?? ""));
  return (
    <ConfirmDialog
      open
      title="Delete this session?"
      confirmLabel="Delete session"
      busy={remove.isPending}
      error={remove.error}
      onCancel={onClose}
      onConfirm={() => remove.mutate(session.id, { onSuccess: onDeleted })}
    >
      “{session.title}” and its {plural(session.message_count, "message")} will be deleted.
      This cannot be undone.
    </ConfirmDialog>
  );
}

export function SessionDialogs({
  session,
  action,
  onClose,
  onDeleted,
}: {
  session: ChatSession;
  action: SessionAction;
  onClose: () => void;
  onDeleted: () => void;
}) {
  return action === "rename" ? (
    <RenameDialog session={session} onClose={onClose} />
  ) : (
    <DeleteDialog session={session} onClose={onClose} onDeleted={onDeleted} />
  );
}
