"use client";
// /chat without a video: pick the video to ask about. Each video keeps its own sessions.
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingBlock } from "@/components/ui/spinner";
import { formatDuration } from "@/components/videos/format";
import { VideoStatusBadge } from "@/components/videos/status-badge";
import { VideoThumbnail } from "@/components/videos/video-thumbnail";
import { useVideos } from "@/hooks/queries/videos";
import { errorDetail } from "@/lib/client/api-client";
import { formatRelative } from "@/lib/client/format";
import { chatHref } from "./chat-url";

export function VideoChooser() {
  const videos = useVideos();
  return (
    <>
      <PageHeader title="Chat" description="Ask questions about a video and get answers that point to the moments they come from." />
      <section aria-labelledby="choose-heading">
        <h2 id="choose-heading" className="mb-3 text-base font-semibold text-zinc-900">
          Pick a video
        </h2>
        {videos.isPending ? (
          <LoadingBlock label="Loading your videos…" />
        ) : videos.isError ? (
          <Alert
            tone="error"
            title="Could not load your videos"
            action={
              <Button size="sm" variant="secondary" onClick={() => videos.refetch()}>
                Try again
              </Button>
            }
          >
            {errorDetail(videos.error)}
          </Alert>
        ) : videos.data.length === 0 ? (
          <div className="rounded-xl border border-dashed border-zinc-300 bg-white px-4 py-12 text-center">
            <p className="text-sm font-medium text-zinc-900">No videos yet</p>
            <p className="mt-1 text-sm text-zinc-500">Upload and analyse a video, then ask about it here.</p>
            <Link href="/upload" className={cn(buttonClasses("primary", "sm"), "mt-4")}>
              Upload videos
            </Link>
          </div>
        ) : (
          <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 bg-white shadow-xs" aria-label="Videos">
            {videos.data.map((v) => (
              <li key={v.job_id}>
                <Link href={chatHref({ video: v.job_id })} className="flex items-center gap-3 px-4 py-3 hover:bg-zinc-50 sm:gap-4 sm:px-5" data-job-id={v.job_id}>
                  <VideoThumbnail url={v.status === "completed" ? v.thumbnail_url : null} className="aspect-video w-20 sm:w-24" />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="min-w-0 truncate text-sm font-medium text-zinc-900">{v.name}</span>
                      {v.status !== "completed" && <VideoStatusBadge status={v.status} />}
                    </span>
                    <span className="mt-0.5 block text-xs text-zinc-500">
                      {v.duration > 0 && <>{formatDuration(v.duration)} · </>}
                      {formatRelative(v.created_at)}
                    </span>
                  </span>
                  <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-zinc-400" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                    <path d="m7.5 5 5 5-5 5" />
                  </svg>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
