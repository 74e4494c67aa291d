"use client";
// /chat?project=…[&session=…]: a conversation about all videos of a project. Answers cite each
// moment as a link naming its video, which opens that video's results at the moment.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ComposedOfflineNote } from "./offline-note";
import { useProject, useProjects, type Project } from "@/hooks/queries/projects";
import { chatHref, projectScope } from "@/lib/browser/chat-url";
import { ChatFrame } from "./chat-frame";
import { ScopeSwitcher } from "./scope-switcher";
import { plural } from "@/lib/core/words";

function ProjectSwitcher({ project }: { project: Project }) {
  const router = useRouter();
  const projects = useProjects();
  const options = (projects.data ?? [project]).map((p) => ({ value: p.id, label: p.name }));
  return <ScopeSwitcher label="Project to chat about" value={project.id} options={options} onChange={(id) => router.push(chatHref({ project: id }))} />;
}

const PROJECT_WORDS = {
  loading: "Loading the project…",
  loadFailed: "Could not load this project",
  notFound: "Project not found",
  pickAnother: "Pick a video or another project",
};

export function ProjectChatWorkspace({ projectId, sessionId, composedOffline = false }: { projectId: string; sessionId: string | null; composedOffline?: boolean }) {
  const project = useProject(projectId);
  return (
    <ChatFrame
      scope={projectScope(projectId)}
      sessionId={sessionId}
      subject={project}
      words={PROJECT_WORDS}
      hrefOf={(session) => chatHref({ project: projectId, session })}
      header={(p) => ({
        description: (
          <span>
            About the project{" "}
            <Link href={`/projects/${p.id}`} className="font-medium text-zinc-700 underline-offset-4 hover:text-accent-700 hover:underline">
              {p.name}
            </Link>{" "}
            ({plural(p.video_count, "video")}); each cited moment opens its video.
            {composedOffline && <ComposedOfflineNote project />}
          </span>
        ),
        actions: <ProjectSwitcher project={p} />,
      })}
      // Each cited moment is a link to its video: nothing plays here.
      onSeek={() => {}}
    />
  );
}
