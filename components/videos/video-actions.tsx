"use client";
// Edit (name, description, project), reprocess with other modules, add modules to a finished
// video (keeping the other modules' results), delete: the dialogs behind the buttons of a video row
// and of the results page.
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormDialog, inputClasses, TextAreaField, TextField } from "@/components/ui/form-dialog";
import { useProjects } from "@/hooks/queries/projects";
import { deleteStoredFile, storageQueries } from "@/hooks/queries/storage";
import { selectedModules, useAddModules, useDeleteVideo, useReprocessVideo, useUpdateVideo, type Video, type VideoPatch } from "@/hooks/queries/videos";
import { errorDetail } from "@/lib/browser/api-client";
import { useDefaultModules } from "@/components/shell/capabilities";
import { isModuleName, moduleLabel, sortModules, type ModuleName } from "@/lib/pipeline/modules/registry";
import { ModulePicker } from "./module-picker";
import { resetProcessing } from "./processing-store";

export type VideoAction = "edit" | "reprocess" | "add-modules" | "delete";

function EditDialog({ video, onClose }: { video: Video; onClose: () => void }) {
  const id = useId();
  const update = useUpdateVideo();
  const projects = useProjects();
  const [name, setName] = useState(video.name);
  const [description, setDescription] = useState(video.description ?? "");
  const [projectId, setProjectId] = useState(video.project_id ?? "");

  const patch: VideoPatch = {};
  if (name.trim() !== video.name) patch.name = name.trim();
  if (description !== (video.description ?? "")) patch.description = description;
  if (projects.isAvailable && (projectId || null) !== (video.project_id ?? null)) patch.project_id = projectId || null;
  const changed = Object.keys(patch).length > 0;

  return (
    <FormDialog
      open
      title="Edit video"
      submitLabel="Save"
      busy={update.isPending}
      error={update.error}
      submitDisabled={!name.trim() || !changed}
      onClose={onClose}
      onSubmit={() => update.mutate({ jobId: video.job_id, patch }, { onSuccess: onClose })}
    >
      <TextField label="Name" value={name} maxLength={255} required onChange={(e) => setName(e.target.value)} autoFocus />
      <TextAreaField
        label="Description"
        value={description}
        maxLength={5000}
        placeholder="What is this video about? (optional)"
        onChange={(e) => setDescription(e.target.value)}
      />
      {projects.isAvailable && (
        <div>
          <label htmlFor={`${id}-project`} className="block text-sm font-medium">
            Project
          </label>
          <select id={`${id}-project`} className={`${inputClasses} mt-1.5 h-10`} value={projectId} onChange={(e) => setProjectId(e.target.value)}>
            <option value="">No project</option>
            {projects.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          {projects.isError && <p className="mt-1 text-xs text-red-700">Projects could not be loaded: {errorDetail(projects.error)}</p>}
        </div>
      )}
    </FormDialog>
  );
}

function ReprocessDialog({ video, onClose, onStarted }: { video: Video; onClose: () => void; onStarted?: () => void }) {
  const reprocess = useReprocessVideo();
  const current = selectedModules(video).filter(isModuleName);
  const defaults = useDefaultModules();
  const [modules, setModules] = useState<ModuleName[]>(current.length ? current : defaults);
  return (
    <FormDialog
      open
      wide
      title={`Reprocess “${video.name}”`}
      description={
        video.status === "completed" || video.status === "failed"
          ? "The current results of this video are deleted first, then the chosen modules run again. To keep them and run more modules, use Add modules."
          : "The chosen modules run on this video."
      }
      submitLabel="Reprocess"
      busy={reprocess.isPending}
      error={reprocess.error}
      submitDisabled={modules.length === 0}
      onClose={onClose}
      onSubmit={() =>
        reprocess.mutate(
          { jobId: video.job_id, modules },
          {
            onSuccess: () => {
              resetProcessing(video.job_id, modules);
              onStarted?.();
              onClose();
            },
          },
        )
      }
    >
      <ModulePicker value={modules} onChange={setModules} />
    </FormDialog>
  );
}

function AddModulesDialog({ video, onClose, onStarted }: { video: Video; onClose: () => void; onStarted?: () => void }) {
  const add = useAddModules();
  const current = selectedModules(video).filter(isModuleName);
  const [modules, setModules] = useState<ModuleName[]>([]);
  const again = modules.filter((m) => current.includes(m));
  return (
    <FormDialog
      open
      wide
      title={`Add modules to “${video.name}”`}
      description={
        current.length
          ? `The results of ${sortModules(current).map(moduleLabel).join(", ")} stay as they are; only the modules chosen here run.`
          : "Only the modules chosen here run."
      }
      submitLabel="Add modules"
      busy={add.isPending}
      error={add.error}
      submitDisabled={modules.length === 0}
      onClose={onClose}
      onSubmit={() =>
        add.mutate(
          { jobId: video.job_id, modules },
          {
            onSuccess: () => {
              resetProcessing(video.job_id, modules);
              onStarted?.();
              onClose();
            },
          },
        )
      }
    >
      <ModulePicker value={modules} onChange={setModules} legend="Modules to add" />
      {again.length > 0 && (
        <p className="mt-3 text-sm text-zinc-600">
          {sortModules(again).map(moduleLabel).join(", ")} {again.length === 1 ? "has" : "have"} results already: {again.length === 1 ? "it runs" : "they run"} again
          and {again.length === 1 ? "its" : "their"} results are replaced.
        </p>
      )}
    </FormDialog>
  );
}

export function VideoActionDialogs({
  video,
  action,
  onClose,
  onDeleted,
  onReprocessed,
}: {
  video: Video;
  action: VideoAction | null;
  onClose: () => void;
  onDeleted?: () => void;
  onReprocessed?: () => void;
}) {
  const remove = useDeleteVideo();
  const queryClient = useQueryClient();
  const checkboxId = useId();
  const [alsoFile, setAlsoFile] = useState(false);
  if (action === "edit") return <EditDialog video={video} onClose={onClose} />;
  if (action === "reprocess") return <ReprocessDialog video={video} onClose={onClose} onStarted={onReprocessed} />;
  if (action === "add-modules") return <AddModulesDialog video={video} onClose={onClose} onStarted={onReprocessed} />;
  return (
    <ConfirmDialog
      open={action === "delete"}
      title={`Delete “${video.name}”?`}
      confirmLabel="Delete video"
      busy={remove.isPending}
      error={remove.error}
      onCancel={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() =>
        remove.mutate(video.job_id, {
          onSuccess: async () => {
            // The video is gone either way; the file goes after it, when asked.
            if (alsoFile) {
              await deleteStoredFile(video.storage_path).catch(() => undefined);
              await queryClient.invalidateQueries({ queryKey: storageQueries.all() });
            }
            onClose();
            onDeleted?.();
          },
        })
      }
    >
      <p>
        Its analysis results and any share link are deleted too. {alsoFile ? "The uploaded file is deleted as well." : "The uploaded file stays in your storage."} This cannot be
        undone.
      </p>
      <label htmlFor={checkboxId} className="mt-3 flex items-center gap-2 text-sm text-zinc-800">
        <input id={checkboxId} type="checkbox" checked={alsoFile} onChange={(e) => setAlsoFile(e.target.checked)} className="size-4 accent-red-600" />
        Also delete the uploaded file
      </label>
    </ConfirmDialog>
  );
}
