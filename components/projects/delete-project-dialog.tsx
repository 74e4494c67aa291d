"use client";
// Deleting a project removes only the grouping: the server keeps its videos, with no project.
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useDeleteProject, type Project } from "@/hooks/queries/projects";

export function DeleteProjectDialog({ project, onClose, onDeleted }: { project: Project; onClose: () => void; onDeleted?: () => void }) {
  const remove = useDeleteProject();
  const n = project.video_count;
  return (
    <ConfirmDialog
      open
      title={`Delete project “${project.name}”?`}
      confirmLabel="Delete project"
      busy={remove.isPending}
      error={remove.error}
      onCancel={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() => remove.mutate(project.id, { onSuccess: onDeleted ?? onClose })}
    >
      {n > 0 ? (
        <>
          <p>
            Its {n === 1 ? "video stays" : `${n} videos stay`} in your library, with no project, and keep{n === 1 ? "s" : ""} all
            analysis results. Only the project itself is deleted.
          </p>
          <p className="mt-2">This cannot be undone.</p>
        </>
      ) : (
        <p>The project has no videos. This cannot be undone.</p>
      )}
    </ConfirmDialog>
  );
}
