"use client";
// The videos of one project, newest first, each with its status and a link to its results.
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { LoadingBlock } from "@/components/ui/spinner";
import { formatDuration } from "@/components/videos/format";
import { VideoStatusBadge } from "@/components/videos/status-badge";
import { VideoThumbnail } from "@/components/videos/video-thumbnail";
import { useProjectVideos } from "@/hooks/queries/projects";
import { errorDetail } from "@/lib/client/api-client";
import { formatDateTime, formatRelative } from "@/lib/client/format";

export function ProjectVideos({ projectId, labelledBy }: { projectId: string; labelledBy: string }) {
  const videos = useProjectVideos(projectId);

  if (videos.isPending) return <LoadingBlock label="Loading the project's videos…" />;
  if (videos.isError) {
    return (
      <Alert
        tone="error"
        className="m-4"
        title="Could not load the project's videos"
        action={
          <Button size="sm" variant="secondary" onClick={() => videos.refetch()}>
            Try again
          </Button>
        }
      >
        {errorDetail(videos.error)}
      </Alert>
    );
  }
  if (videos.data.length === 0) {
    return (
      <div className="px-4 py-10 text-center">
        <p className="text-sm font-medium text-zinc-900">No videos in this project yet</p>
        <p className="mx-auto mt-1 max-w-md text-sm text-zinc-500">
          Choose this project when you upload, or move a video here with its Edit button in the videos list.
        </p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <Link href="/upload" className={buttonClasses("primary", "sm")}>
            Upload videos
          </Link>
          <Link href="/videos" className={buttonClasses("secondary", "sm")}>
            All videos
          </Link>
        </div>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-zinc-100" aria-labelledby={labelledBy}>
      {videos.data.map((v) => (
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
  );
}
