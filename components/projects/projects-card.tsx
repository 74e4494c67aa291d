// The dashboard's projects: the newest few, each a link to its page.
import Link from "next/link";
import { ListCard } from "@/components/ui/list-card";
import type { Project } from "@/hooks/queries/projects";
import { FolderIcon, videoCountLabel } from "./project-meta";

const SHOWN = 5;

export function ProjectsCard({ projects }: { projects: Project[] }) {
  return (
    <ListCard
      title="Projects"
      titleId="projects-card-heading"
      link={{ href: "/projects", label: "All projects" }}
      items={projects}
      limit={SHOWN}
      emptyText="No projects yet."
    >
      {(p) => (
        <li key={p.id}>
          <Link href={`/projects/${p.id}`} className="flex items-center gap-3 px-5 py-3 hover:bg-zinc-50">
            <FolderIcon className="size-5 shrink-0 text-zinc-400" />
            <span className="min-w-0 flex-1 truncate text-sm font-medium text-zinc-900">{p.name}</span>
            <span className="shrink-0 text-xs text-zinc-500">{videoCountLabel(p.video_count)}</span>
          </Link>
        </li>
      )}
    </ListCard>
  );
}
