"use client";
// The caller's projects, newest first: each opens its page, and can be edited or deleted in place.
import Link from "next/link";
import { IconButton } from "@/components/ui/icon-button";
import type { Project } from "@/hooks/queries/projects";
import { FolderIcon, ProjectMeta } from "./project-meta";

export function ProjectList({ projects, onEdit, onDelete }: { projects: Project[]; onEdit: (p: Project) => void; onDelete: (p: Project) => void }) {
  return (
    <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 bg-white shadow-xs" aria-label="Projects">
      {projects.map((p) => (
        <li key={p.id} data-testid="project-row" data-project-id={p.id} className="flex items-start gap-3 px-4 py-3 sm:gap-4 sm:px-5">
          <span className="mt-0.5 grid size-9 shrink-0 place-items-center rounded-lg bg-accent-50 text-accent-600">
            <FolderIcon />
          </span>
          <div className="min-w-0 flex-1">
            <Link
              href={`/projects/${p.id}`}
              className="block truncate text-sm font-medium text-zinc-900 underline-offset-4 hover:text-accent-700 hover:underline"
            >
              {p.name}
            </Link>
            <ProjectMeta project={p} className="mt-0.5 text-xs text-zinc-500" />
            {p.description && <p className="mt-1 line-clamp-2 text-sm break-words whitespace-pre-line text-zinc-600">{p.description}</p>}
          </div>
          <div className="-mr-2 flex shrink-0 flex-col items-center sm:flex-row">
            <IconButton icon="edit" label={`Edit project “${p.name}”`} onClick={() => onEdit(p)} />
            <IconButton icon="delete" label={`Delete project “${p.name}”`} onClick={() => onDelete(p)} />
          </div>
        </li>
      ))}
    </ul>
  );
}
