"use client";
// The videos of one project, newest first, each with its status and a link to its results.
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { QueryView } from "@/components/ui/query-view";
import { UploadLink } from "@/components/upload/upload-link";
import { VideoStatusBadge } from "@/components/videos/status-badge";
import { VideoThumbnail } from "@/components/videos/video-thumbnail";
import { useProjectVideos } from "@/hooks/queries/projects";
import { formatDateTime, formatDuration, formatRelative } from "@/lib/browser/format";

export function ProjectVideos({ projectId, labelledBy }: { projectId: string; labelledBy: string }) {
  const videos = useProjectVideos(projectId);

  return (
    <QueryView
      query={videos}
      loadingLabel="Loading the project's videos…"
      errorTitle="Could not load the project's videos"
      errorClassName="m-4"
      empty={
        <EmptyState
          inset
          title="No videos in this project yet"
          text="Choose this project when you upload, or move a video here with its Edit button in the videos list."
          narrow
          action={
            <>
              <UploadLink />
              <Link href="/videos" className={buttonClasses("secondary", "sm")}>
                All videos
              </Link>
            </>
          }
        />
      }
    >
      {(data) => (
        <ul className="divide-y divide-zinc-100" aria-labelledby={labelledBy}>
          {data.map((v) => (
            <li key={v.job_id} data-testid="project-video" data-job-id={v.job_id} className="flex items-center gap-3 px-4 py-3 sm:gap-4 sm:px-5">
              <Link href={`/videos/${v.job_id}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
                <VideoThumbnail url={v.status === "completed" ? v.thumbnail_url : null} className="aspect-video w-20 sm:w-24" />
              </Link>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <Link href={`/videos/${v.job_id}`} className={cn("min-w-0 truncate text-sm font-medium text-zinc-900 underline-offset-4 hover:text-accent-700 hover:underline")}>
                    {v.name}
                  </Link>
                  <VideoStatusBadge status={v.status} />
                </div>
                <p className="mt-0.5 text-xs text-zinc-500">
                  {v.duration > 0 && <>{formatDuration(v.duration)} · </>}
                  <time dateTime={`${v.created_at}Z`} title={formatDateTime(v.created_at)}>
                    {formatRelative(v.created_at)}
                  </time>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}
