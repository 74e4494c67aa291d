// The dashboard's projects: the newest few, each a link to its page.
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import type { Project } from "@/hooks/queries/projects";
import { FolderIcon, videoCountLabel } from "./project-meta";

const SHOWN = 5;

export function ProjectsCard({ projects }: { projects: Project[] }) {
  return (
    <Card aria-labelledby="projects-card-heading">
      <CardHeader
        title="Projects"
        titleId="projects-card-heading"
        description={projects.length > SHOWN ? `The newest ${SHOWN} of ${projects.length}` : undefined}
        actions={
          <Link href="/projects" className={buttonClasses("secondary", "sm")}>
            All projects
          </Link>
        }
      />
      {projects.length === 0 ? (
        <p className="px-5 py-6 text-sm text-zinc-500">No projects yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-100">
          {projects.slice(0, SHOWN).map((p) => (
            <li key={p.id}>
              <Link href={`/projects/${p.id}`} className="flex items-center gap-3 px-5 py-3 hover:bg-zinc-50">
                <FolderIcon className="size-5 shrink-0 text-zinc-400" />
                <span className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900">{p.name}</span>
                <span className="shrink-0 text-xs text-zinc-500">{videoCountLabel(p.video_count)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
