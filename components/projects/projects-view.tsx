"use client";
// /projects: the caller's projects with their video counts; create, edit and delete them.
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { QueryView } from "@/components/ui/query-view";
import { useProjects } from "@/hooks/queries/projects";
import { ProjectDialogs, useProjectDialog } from "./project-dialogs";
import { ProjectList } from "./project-list";
import { FolderIcon } from "./project-meta";
import { plural } from "@/lib/core/words";

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

      <QueryView
        query={projects}
        loadingLabel="Loading your projects…"
        errorTitle="Could not load your projects"
        empty={
          <EmptyState
            icon={<FolderIcon className="mx-auto mb-2 size-8 text-zinc-400" />}
            title="No projects yet"
            text="Create one, then choose it when you upload or move videos into it from the videos list."
            action={
              <Button size="sm" onClick={() => open({ kind: "create" })}>
                Create a project
              </Button>
            }
          />
        }
      >
        {(data) => <ProjectList projects={data} onEdit={(p) => open({ kind: "edit", project: p })} onDelete={(p) => open({ kind: "delete", project: p })} />}
      </QueryView>
      <p className="sr-only" aria-live="polite">
        {projects.data ? plural(n, "project") : ""}
      </p>

      <ProjectDialogs dialog={dialog} onClose={close} />
    </>
  );
}
