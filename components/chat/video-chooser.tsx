"use client";
// /chat without a video: pick the video to ask about — or a project, to ask across all its videos.
// Each video and each project keeps its own sessions.
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { QueryView } from "@/components/ui/query-view";
import { UploadLink } from "@/components/upload/upload-link";
import { VideoStatusBadge } from "@/components/videos/status-badge";
import { VideoThumbnail } from "@/components/videos/video-thumbnail";
import { useProjects } from "@/hooks/queries/projects";
import { useVideos } from "@/hooks/queries/videos";
import { formatDuration, formatRelative } from "@/lib/browser/format";
import { chatHref } from "@/lib/browser/chat-url";
import { ChevronRight } from "./scope-switcher";
import { plural } from "@/lib/core/words";

function ProjectChooser() {
  const projects = useProjects();
  const list = projects.data ?? [];
  if (!list.length) return null;
  return (
    <section aria-labelledby="choose-project-heading" className="mt-8">
      <h2 id="choose-project-heading" className="mb-3 text-base font-semibold text-zinc-900">
        Or ask across a project
      </h2>
      <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 bg-white shadow-xs" aria-label="Projects">
        {list.map((p) => (
          <li key={p.id}>
            <Link href={chatHref({ project: p.id })} className="flex items-center gap-3 px-4 py-3 hover:bg-zinc-50 sm:px-5" data-project-id={p.id}>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-zinc-900">{p.name}</span>
                <span className="mt-0.5 block text-xs text-zinc-500">
                  {plural(p.video_count, "video")}
                </span>
              </span>
              <ChevronRight />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function VideoChooser() {
  const videos = useVideos();
  return (
    <>
      <PageHeader title="Chat" description="Ask questions about a video, or a whole project, and get answers that point to the moments they come from." />
      <section aria-labelledby="choose-heading">
        <h2 id="choose-heading" className="mb-3 text-base font-semibold text-zinc-900">
          Pick a video
        </h2>
        <QueryView
          query={videos}
          loadingLabel="Loading your videos…"
          errorTitle="Could not load your videos"
          empty={
            <EmptyState
              title="No videos yet"
              text="Upload and analyse a video, then ask about it here."
              action={
                <UploadLink />
              }
            />
          }
        >
          {(data) => (
            <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 bg-white shadow-xs" aria-label="Videos">
              {data.map((v) => (
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
                    <ChevronRight />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </section>
      <ProjectChooser />
    </>
  );
}
