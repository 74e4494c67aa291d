"use client";
// /chat?project=…[&session=…]: a conversation about all videos of a project. Answers cite each
// moment as a link naming its video, which opens that video's results at the moment.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { LoadError, NOT_FOUND_DETAIL } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { ComposedOfflineNote } from "./offline-note";
import { LoadingBlock } from "@/components/ui/spinner";
import { useChatSessions } from "@/hooks/queries/chat";
import { useProject, useProjects, type Project } from "@/hooks/queries/projects";
import { chatHref, projectScope } from "@/lib/browser/chat-url";
import { Conversation } from "./conversation";
import { ScopeSwitcher } from "./scope-switcher";
import { SessionDialogs, type SessionAction } from "./session-dialogs";
import { SessionList } from "./session-list";
import { plural } from "@/lib/core/words";

function ProjectSwitcher({ project }: { project: Project }) {
  const router = useRouter();
  const projects = useProjects();
  const options = (projects.data ?? [project]).map((p) => ({ value: p.id, label: p.name }));
  return <ScopeSwitcher label="Project to chat about" value={project.id} options={options} onChange={(id) => router.push(chatHref({ project: id }))} />;
}

export function ProjectChatWorkspace({ projectId, sessionId, composedOffline = false }: { projectId: string; sessionId: string | null; composedOffline?: boolean }) {
  const router = useRouter();
  const scope = projectScope(projectId);
  const project = useProject(projectId);
  const sessions = useChatSessions(scope);
  const [action, setAction] = useState<SessionAction | null>(null);
  const session = sessions.data?.find((s) => s.id === sessionId) ?? null;
  const p = project.data;

  if (project.isPending) return <LoadingBlock label="Loading the project…" />;
  if (project.isError || !p) {
    return (
      <>
        <PageHeader title="Chat" />
        <LoadError
          title="Could not load this project"
          query={project}
          notFound={{
            title: "Project not found",
            detail: NOT_FOUND_DETAIL,
            action: (
              <Link href="/chat" className="text-sm font-medium underline underline-offset-2">
                Pick a video or another project
              </Link>
            ),
          }}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Chat"
        description={
          <span>
            About the project{" "}
            <Link href={`/projects/${p.id}`} className="font-medium text-zinc-700 underline-offset-4 hover:text-accent-700 hover:underline">
              {p.name}
            </Link>{" "}
            ({plural(p.video_count, "video")}); each cited moment opens its video.
            {composedOffline && <ComposedOfflineNote project />}
          </span>
        }
        actions={<ProjectSwitcher project={p} />}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {/* Phones: the conversation (and its question box) first, the sessions below. */}
        <div className="min-w-0 space-y-4 order-2">
          <SessionList jobId={scope} sessionId={sessionId} />
        </div>
        <Conversation
          className="min-w-0 order-1"
          jobId={scope}
          videoName={p.name}
          sessionId={sessionId}
          session={session}
          onSeek={() => {}}
          onSessionStarted={(id) => router.replace(chatHref({ project: projectId, session: id }), { scroll: false })}
          onAction={setAction}
        />
      </div>
      {action && session && (
        <SessionDialogs
          session={session}
          action={action}
          onClose={() => setAction(null)}
          onDeleted={() => {
            setAction(null);
            router.replace(chatHref({ project: projectId }), { scroll: false });
          }}
        />
      )}
    </>
  );
}
