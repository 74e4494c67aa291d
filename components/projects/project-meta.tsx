// "3 videos · created 4 Mar 2026 · updated 5 minutes ago", shared by the list and the detail page.
import { formatDate, formatDateTime, formatRelative } from "@/lib/browser/format";
import type { Project } from "@/hooks/queries/projects";
import { plural } from "@/lib/core/words";

export function videoCountLabel(n: number): string {
  return n === 0 ? "No videos" : plural(n, "video");
}

export function ProjectMeta({ project, className }: { project: Project; className?: string }) {
  const edited = project.updated_at !== project.created_at;
  return (
    // A span, so it can sit inside PageHeader's description paragraph.
    <span className={`block ${className ?? "text-xs text-zinc-500"}`}>
      {videoCountLabel(project.video_count)}
      {" · "}
      <span className="whitespace-nowrap">
        created{" "}
        <time dateTime={`${project.created_at}Z`} title={formatDateTime(project.created_at)}>
          {formatDate(project.created_at)}
        </time>
      </span>
      {edited && (
        <>
          {" · "}
          <span className="whitespace-nowrap">
            updated{" "}
            <time dateTime={`${project.updated_at}Z`} title={formatDateTime(project.updated_at)}>
              {formatRelative(project.updated_at)}
            </time>
          </span>
        </>
      )}
    </span>
  );
}

export function FolderIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className ?? "size-5"} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M3.5 7a2 2 0 0 1 2-2h4l2 2.5h7a2 2 0 0 1 2 2V17a2 2 0 0 1-2 2h-13a2 2 0 0 1-2-2V7Z" />
    </svg>
  );
}
