// The newest videos with their status, each a link to its results.
import Link from "next/link";
import { ListCard } from "@/components/ui/list-card";
import { VideoStatusBadge } from "@/components/videos/status-badge";
import { VideoThumbnail } from "@/components/videos/video-thumbnail";
import { formatDuration, formatRelative } from "@/lib/browser/format";
import type { Dashboard } from "@/lib/browser/types";

const SHOWN = 5;

export function RecentVideosCard({ videos }: { videos: Dashboard["videos"] }) {
  const newest = [...videos].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <ListCard
      title="Recent videos"
      titleId="recent-videos-heading"
      link={{ href: "/videos", label: "All videos" }}
      items={newest}
      limit={SHOWN}
      emptyText="No videos yet. Drop one below to start."
    >
      {(v) => (
        <li key={v.job_id} data-testid="recent-video">
          <Link href={`/videos/${v.job_id}`} className="flex items-center gap-3 px-5 py-3 hover:bg-zinc-50">
            <VideoThumbnail url={v.status === "completed" ? v.thumbnail_url : null} className="h-9 w-16 shrink-0 rounded" />
            <span className="min-w-0 flex-1">
              <span className="block truncate text-sm font-medium text-zinc-900">{v.name}</span>
              <span className="block text-xs text-zinc-500">
                {v.duration ? `${formatDuration(v.duration)} · ` : ""}
                {formatRelative(v.created_at)}
              </span>
              {v.status === "failed" && v.error && <span className="block truncate text-xs text-red-700" title={v.error}>{v.error}</span>}
            </span>
            <VideoStatusBadge status={v.status} className="shrink-0" />
          </Link>
        </li>
      )}
    </ListCard>
  );
}
