"use client";
// Create a project, or change its name and description: one form for both.
import { useState } from "react";
import { FormDialog, TextAreaField, TextField } from "@/components/ui/form-dialog";
import { useCreateProject, useUpdateProject, type Project, type ProjectFields } from "@/hooks/queries/projects";

export const NAME_MAX = 255;
export const DESCRIPTION_MAX = 5000;

/** `project` given: edit it; otherwise create one. `onSaved` gets the saved project. */
export function ProjectFormDialog({ project, onClose, onSaved }: { project?: Project; onClose: () => void; onSaved?: (p: Project) => void }) {
  const create = useCreateProject();
  const update = useUpdateProject();
  const mutation = project ? update : create;
  const [name, setName] = useState(project?.name ?? "");
  const [description, setDescription] = useState(project?.description ?? "");

  const fields: ProjectFields = {};
  if (name.trim() !== (project?.name ?? "")) fields.name = name.trim();
  if (description !== (project?.description ?? "")) fields.description = description;
  const changed = Object.keys(fields).length > 0;
  const nameMissing = !name.trim();
  /** Typed something, but only spaces: say so (an untouched empty field just keeps Save disabled). */
  const blank = nameMissing && name.length > 0;

  const done = { onSuccess: (p: Project) => (onSaved ? onSaved(p) : onClose()) };
  const submit = () => {
    if (project) update.mutate({ projectId: project.id, fields }, done);
    else create.mutate({ name: name.trim(), description }, done);
  };

  return (
    <FormDialog
      open
      title={project ? "Edit project" : "New project"}
      description={project ? undefined : "Group videos that belong together, e.g. one client, course or shoot."}
      submitLabel={project ? "Save" : "Create project"}
      busy={mutation.isPending}
      error={mutation.error}
      submitDisabled={nameMissing || !changed}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        label="Name"
        value={name}
        maxLength={NAME_MAX}
        required
        invalid={blank}
        help={blank ? "A name needs more than spaces." : `Required, up to ${NAME_MAX} characters.`}
        onChange={(e) => setName(e.target.value)}
        autoFocus
      />
      <TextAreaField
        label="Description"
        value={description}
        maxLength={DESCRIPTION_MAX}
        placeholder="What is in this project? (optional)"
        onChange={(e) => setDescription(e.target.value)}
      />
    </FormDialog>
  );
}
