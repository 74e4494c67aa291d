"use client";
// /projects/<id>: one project — its name, description and videos — with edit and delete.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useRef } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { LoadError, NOT_FOUND_DETAIL } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingBlock } from "@/components/ui/spinner";
import { useProject } from "@/hooks/queries/projects";
import { ProjectDialogs, useProjectDialog } from "./project-dialogs";
import { ProjectMeta, videoCountLabel } from "./project-meta";
import { ProjectVideos } from "./project-videos";

function BackLink() {
  return (
    <Link href="/projects" className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-500 underline-offset-4 hover:text-zinc-900 hover:underline">
      <span aria-hidden="true">←</span> All projects
    </Link>
  );
}

export function ProjectView({ projectId }: { projectId: string }) {
  const router = useRouter();
  const project = useProject(projectId);
  const videosHeading = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const { dialog, open, close } = useProjectDialog(editButton);

  if (project.isPending) return <LoadingBlock label="Loading the project…" />;
  if (project.isError) {
    return (
      <>
        <BackLink />
        <LoadError title="Could not load the project" query={project} notFound={{ title: "Project not found", detail: NOT_FOUND_DETAIL }} />
      </>
    );
  }

  const p = project.data;
  return (
    <>
      <BackLink />
      <PageHeader
        title={p.name}
        description={
          <>
            {p.description && <span className="block break-words whitespace-pre-line">{p.description}</span>}
            <ProjectMeta project={p} className="mt-1 text-xs text-zinc-500" />
          </>
        }
        actions={
          <>
            <Button ref={editButton} variant="secondary" onClick={() => open({ kind: "edit", project: p })}>
              Edit
            </Button>
            <Button variant="secondary" onClick={() => open({ kind: "delete", project: p })}>
              <span className="text-red-700">Delete</span>
            </Button>
          </>
        }
      />
      <Card aria-labelledby={videosHeading}>
        <CardHeader
          title="Videos"
          titleId={videosHeading}
          description={videoCountLabel(p.video_count)}
          actions={
            p.video_count > 0 ? (
              <Link href={`/videos?project=${encodeURIComponent(p.id)}`} className={buttonClasses("secondary", "sm")}>
                Filter and edit in Videos
              </Link>
            ) : undefined
          }
        />
        <ProjectVideos projectId={p.id} labelledBy={videosHeading} />
      </Card>

      <ProjectDialogs dialog={dialog} onClose={close} onDeleted={() => router.replace("/projects")} />
    </>
  );
}
