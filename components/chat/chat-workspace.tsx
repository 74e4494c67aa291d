"use client";
// /chat?video=…[&session=…]: the conversation next to the video's player and its sessions. A time
// stamp in an answer seeks the player (to the start of the segment it cites) and brings the
// player into view on a phone.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { usePlayerStore } from "@/components/results/player-store";
import { VideoPlayer } from "@/components/results/video-player";
import { Alert } from "@/components/ui/alert";
import { LoadError, NOT_FOUND_DETAIL } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { ComposedOfflineNote } from "./offline-note";
import { LoadingBlock } from "@/components/ui/spinner";
import { VideoStatusBadge } from "@/components/videos/status-badge";
import { useChatSessions } from "@/hooks/queries/chat";
import { useSegments } from "@/hooks/queries/segments";
import { isActiveStatus, useVideo, useVideos, type Video } from "@/hooks/queries/videos";
import { chatHref } from "@/lib/browser/chat-url";
import { Conversation } from "./conversation";
import type { CitedSeek } from "./message-list";
import { ScopeSwitcher } from "./scope-switcher";
import { seekTarget } from "./seek-target";
import { SessionDialogs, type SessionAction } from "./session-dialogs";
import { SessionList } from "./session-list";

function VideoSwitcher({ video }: { video: Video }) {
  const router = useRouter();
  const videos = useVideos();
  const options = (videos.data ?? [video]).map((v) => ({ value: v.job_id, label: v.name }));
  return <ScopeSwitcher label="Video to chat about" value={video.job_id} options={options} onChange={(v) => router.push(chatHref({ video: v }))} />;
}

function StatusNote({ video }: { video: Video }) {
  if (video.status === "completed") return null;
  const text = isActiveStatus(video.status)
    ? "This video is still being analysed; answers use the segments found so far."
    : video.status === "failed"
      ? "The last analysis of this video failed; answers use whatever segments it left."
      : "This video has not been analysed yet, so there is nothing to answer from.";
  return (
    <Alert tone={video.status === "uploaded" ? "warning" : "info"} className="mb-4">
      {text}{" "}
      <Link href={`/videos/${video.job_id}`} className="font-medium underline underline-offset-2">
        Open its results
      </Link>
    </Alert>
  );
}

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function ChatWorkspace({ jobId, sessionId, composedOffline = false }: { jobId: string; sessionId: string | null; composedOffline?: boolean }) {
  const router = useRouter();
  const video = useVideo(jobId);
  const v = video.data;
  const segments = useSegments(jobId, { enabled: !!v });
  const sessions = useChatSessions(jobId);
  const store = usePlayerStore();
  const playerRef = useRef<HTMLDivElement>(null);
  const [action, setAction] = useState<SessionAction | null>(null);
  const session = sessions.data?.find((s) => s.id === sessionId) ?? null;

  const seek: CitedSeek = (seconds, cited) => {
    store.seek(seekTarget(seconds, segments.data ?? [], new Set(cited)));
    const box = playerRef.current?.getBoundingClientRect();
    // Phones: the player sits above the conversation, often scrolled away.
    if (box && (box.top < 56 || box.bottom > window.innerHeight)) {
      playerRef.current?.scrollIntoView({ block: "start", behavior: prefersReducedMotion() ? "auto" : "smooth" });
    }
  };

  if (video.isPending) return <LoadingBlock label="Loading the video…" />;
  if (video.isError || !v) {
    return (
      <>
        <PageHeader title="Chat" />
        <LoadError
          title="Could not load this video"
          query={video}
          notFound={{
            title: "Video not found",
            detail: NOT_FOUND_DETAIL,
            action: (
              <Link href="/chat" className="text-sm font-medium underline underline-offset-2">
                Pick another video
              </Link>
            ),
          }}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Chat"
        description={
          <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
            <span>
              About{" "}
              <Link href={`/videos/${v.job_id}`} className="font-medium text-zinc-700 underline-offset-4 hover:text-accent-700 hover:underline">
                {v.name}
              </Link>
            </span>
            {v.status !== "completed" && <VideoStatusBadge status={v.status} />}
            {composedOffline && <ComposedOfflineNote />}
          </span>
        }
        actions={<VideoSwitcher video={v} />}
      />
      <StatusNote video={v} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {/* Phones: the player, then the conversation with its question box, then the sessions (the
            column dissolves into the grid); wide screens: player and sessions beside the conversation. */}
        <div className="min-w-0 max-lg:contents lg:sticky lg:top-6 lg:order-2 lg:space-y-4 lg:self-start">
          <div ref={playerRef} className="scroll-mt-20 max-lg:order-1">
            <VideoPlayer store={store} sources={v} sourceKey={`${v.job_id}:${v.status === "completed" ? "done" : "pending"}`} title={v.name} />
          </div>
          <div className="min-w-0 max-lg:order-3">
            <SessionList jobId={jobId} sessionId={sessionId} />
          </div>
        </div>
        <Conversation
          className="min-w-0 max-lg:order-2 lg:order-1"
          jobId={jobId}
          videoName={v.name}
          sessionId={sessionId}
          session={session}
          onSeek={seek}
          onSessionStarted={(id) => router.replace(chatHref({ video: jobId, session: id }), { scroll: false })}
          onAction={setAction}
        />
      </div>

      {action && session && (
        <SessionDialogs
          session={session}
          action={action}
          onClose={() => setAction(null)}
          onDeleted={() => {
            setAction(null);
            router.replace(chatHref({ video: jobId }), { scroll: false });
          }}
        />
      )}
    </>
  );
}
