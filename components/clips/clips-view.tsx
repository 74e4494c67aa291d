"use client";
// /clips: the clips and highlight reels you made, newest first: play, download, share (a link to
// the clip's public page that works until you stop sharing it), delete. Each range names its
// video. Clips being cut update by themselves.
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { QueryView } from "@/components/ui/query-view";
import { Spinner } from "@/components/ui/spinner";
import { useClips, useDeleteClip, useRevokeClipShare, useShareClip, type Clip } from "@/hooks/queries/clips";
import { useVideos } from "@/hooks/queries/videos";
import { errorDetail } from "@/lib/browser/api-client";
import { formatDateTime, formatDuration } from "@/lib/browser/format";
import { formatClock } from "@/lib/core/clock";

const STATUS: Record<Clip["status"], { tone: "gray" | "amber" | "green"; label: string; className?: string }> = {
  queued: { tone: "amber", label: "Queued" },
  processing: { tone: "amber", label: "Cutting" },
  completed: { tone: "green", label: "Ready" },
  failed: { tone: "gray", label: "Failed", className: "bg-red-50 text-red-700 ring-red-600/20" },
};

/** Share: makes the link (then copies it), or copies the existing one; stop sharing revokes it. */
function ClipShare({ clip }: { clip: Clip }) {
  const share = useShareClip();
  const revoke = useRevokeClipShare();
  if (clip.status !== "completed") return null;
  const error = share.error ?? revoke.error;
  return (
    <>
      {clip.share_url ? (
        <>
          <CopyButton text={clip.share_url} label="Copy share link" accessibleLabel={`Copy the share link of ${clip.title}`} />
          <Button size="sm" variant="ghost" busy={revoke.isPending} onClick={() => revoke.mutate(clip.clip_id)} aria-label={`Stop sharing ${clip.title}`}>
            Stop sharing
          </Button>
        </>
      ) : (
        <Button size="sm" variant="secondary" busy={share.isPending} onClick={() => share.mutate(clip.clip_id)} aria-label={`Share ${clip.title}`}>
          Share
        </Button>
      )}
      {error && <span className="basis-full text-sm text-red-700">{errorDetail(error)}</span>}
    </>
  );
}

function ClipRow({ clip, highlighted, onDelete, videoNames }: { clip: Clip; highlighted: boolean; onDelete: () => void; videoNames: Map<string, string> }) {
  const look = STATUS[clip.status];
  const videos = new Set(clip.ranges.map((r) => r.job_id)).size;
  return (
    <li className={highlighted ? "bg-accent-50/40 px-5 py-4" : "px-5 py-4"} data-testid="clip" data-clip-id={clip.clip_id} data-status={clip.status}>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-zinc-900">
            <span className="truncate" data-testid="clip-title">{clip.title}</span>
            <Badge tone={look.tone} className={look.className}>
              {(clip.status === "queued" || clip.status === "processing") && <Spinner className="size-3" />}
              <span data-testid="clip-status">{look.label}</span>
            </Badge>
          </p>
          <p className="mt-0.5 text-xs text-zinc-500">
            {formatDuration(clip.duration)} · {clip.ranges.length} {clip.ranges.length === 1 ? "range" : "ranges"}
            {videos > 1 ? ` from ${videos} videos` : ""} · made {formatDateTime(clip.created_at)}
          </p>
          <p className="mt-1 flex flex-wrap gap-1 text-xs text-zinc-600">
            {clip.ranges.slice(0, 8).map((r, i) => (
              <Link key={i} href={`/videos/${r.job_id}?t=${r.start}`} className="rounded bg-zinc-100 px-1.5 py-0.5 hover:bg-zinc-200" data-testid="clip-range-chip">
                {videoNames.get(r.job_id) ?? ""}{" "}
                <span className="font-mono tabular-nums">
                  {formatClock(r.start)}–{formatClock(r.end)}
                </span>
              </Link>
            ))}
            {clip.ranges.length > 8 && <span className="px-1 py-0.5">+{clip.ranges.length - 8} more</span>}
          </p>
          {clip.status === "failed" && clip.error && <p className="mt-1 text-sm text-red-700">{clip.error}</p>}
          {clip.share_url && (
            <p className="mt-1 text-xs text-zinc-500" data-testid="clip-shared">
              Shared: anyone with the link can watch it until you stop sharing.
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {clip.download_url && (
            <a href={clip.download_url} className={buttonClasses("secondary", "sm")} download>
              Download
            </a>
          )}
          <ClipShare clip={clip} />
          <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={onDelete} aria-label={`Delete ${clip.title}`}>
            Delete
          </Button>
        </div>
      </div>
      {clip.stream_url && (
        <video controls preload="metadata" src={clip.stream_url} className="mt-3 aspect-video w-full max-w-xl rounded-lg bg-black" data-testid="clip-player" />
      )}
    </li>
  );
}

export function ClipsView() {
  const clips = useClips();
  const remove = useDeleteClip();
  const [deleting, setDeleting] = useState<Clip | null>(null);
  const highlight = useSearchParams().get("clip");
  const videos = useVideos();
  const videoNames = new Map((videos.data ?? []).map((v) => [v.job_id, v.name]));
  return (
    <>
      <PageHeader
        title="Clips"
        description="Cuts of your videos: ranges picked on a video's timeline, or the best moments of a search joined into a highlight reel."
      />
      <QueryView
        query={clips}
        loadingLabel="Loading your clips…"
        errorTitle="Could not load your clips"
        empty={
          <EmptyState
            title="No clips yet"
            text="Pick ranges on a video's timeline, or make a clip from search results."
            action={
              <Link href="/search" className="text-sm font-medium text-accent-700 underline underline-offset-2">
                Search your videos
              </Link>
            }
          />
        }
      >
        {(data) => (
          <section aria-label="Your clips" className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs">
            <ul className="divide-y divide-zinc-100">
              {data.map((c) => (
                <ClipRow key={c.clip_id} clip={c} highlighted={c.clip_id === highlight} onDelete={() => setDeleting(c)} videoNames={videoNames} />
              ))}
            </ul>
          </section>
        )}
      </QueryView>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.title ?? ""}”?`}
        confirmLabel="Delete clip"
        busy={remove.isPending}
        error={remove.error}
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
        onConfirm={() => deleting && remove.mutate(deleting.clip_id, { onSuccess: () => setDeleting(null) })}
      >
        The clip and its file are deleted; share links to it stop working. The videos it was cut from stay.
      </ConfirmDialog>
    </>
  );
}
