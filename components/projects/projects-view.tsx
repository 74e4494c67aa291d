"use client";
// /projects: the caller's projects with their video counts; create, edit and delete them.
import { useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingBlock } from "@/components/ui/spinner";
import { useProjects } from "@/hooks/queries/projects";
import { errorDetail } from "@/lib/client/api-client";
import { ProjectDialogs, useProjectDialog } from "./project-dialogs";
import { ProjectList } from "./project-list";
import { FolderIcon } from "./project-meta";

export function ProjectsView() {
  const projects = useProjects();
  const newButton = useRef<HTMLButtonElement>(null);
  const { dialog, open, close } = useProjectDialog(newButton);
  const n = projects.data?.length ?? 0;

  return (
    <>
      <PageHeader
        title="Projects"
        description="Group your videos: a video belongs to at most one project. Open a project to see its videos."
        actions={
          <Button ref={newButton} onClick={() => open({ kind: "create" })}>
            New project
          </Button>
        }
      />

      {projects.isPending ? (
        <LoadingBlock label="Loading your projects…" />
      ) : projects.isError ? (
        <Alert
          tone="error"
          title="Could not load your projects"
          action={
            <Button size="sm" variant="secondary" onClick={() => projects.refetch()}>
              Try again
            </Button>
          }
        >
          {errorDetail(projects.error)}
        </Alert>
      ) : n === 0 ? (
        <div className="rounded-xl border border-dashed border-zinc-300 bg-white px-4 py-12 text-center">
          <FolderIcon className="mx-auto size-8 text-zinc-400" />
          <p className="mt-2 text-sm font-medium text-zinc-900">No projects yet</p>
          <p className="mt-1 text-sm text-zinc-500">Create one, then choose it when you upload or move videos into it from the videos list.</p>
          <Button className="mt-4" size="sm" onClick={() => open({ kind: "create" })}>
            Create a project
          </Button>
        </div>
      ) : (
        <ProjectList projects={projects.data} onEdit={(p) => open({ kind: "edit", project: p })} onDelete={(p) => open({ kind: "delete", project: p })} />
      )}
      <p className="sr-only" aria-live="polite">
        {projects.data ? `${n} project${n === 1 ? "" : "s"}` : ""}
      </p>

      <ProjectDialogs dialog={dialog} onClose={close} />
    </>
  );
}
