"use client";
// /chat?video=…[&session=…]: the conversation next to the video's player and its sessions. A time
// stamp in an answer seeks the player (to the start of the segment it cites) and brings the
// player into view on a phone.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef } from "react";
import { usePlayerStore } from "@/components/results/player-store";
import { VideoPlayer } from "@/components/results/video-player";
import { Alert } from "@/components/ui/alert";
import { ComposedOfflineNote } from "./offline-note";
import { VideoStatusBadge } from "@/components/videos/status-badge";
import { useSegments } from "@/hooks/queries/segments";
import { isActiveStatus, useVideo, useVideos, type Video } from "@/hooks/queries/videos";
import { chatHref } from "@/lib/browser/chat-url";
import { ChatFrame } from "./chat-frame";
import type { CitedSeek } from "./message-list";
import { ScopeSwitcher } from "./scope-switcher";
import { seekTarget } from "./seek-target";

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

const VIDEO_WORDS = { loading: "Loading the video…", loadFailed: "Could not load this video", notFound: "Video not found", pickAnother: "Pick another video" };

export function ChatWorkspace({ jobId, sessionId, composedOffline = false }: { jobId: string; sessionId: string | null; composedOffline?: boolean }) {
  const video = useVideo(jobId);
  const segments = useSegments(jobId, { enabled: !!video.data });
  const store = usePlayerStore();
  const playerRef = useRef<HTMLDivElement>(null);

  const seek: CitedSeek = (seconds, cited) => {
    store.seek(seekTarget(seconds, segments.data ?? [], new Set(cited)));
    const box = playerRef.current?.getBoundingClientRect();
    // Phones: the player sits above the conversation, often scrolled away.
    if (box && (box.top < 56 || box.bottom > window.innerHeight)) {
      playerRef.current?.scrollIntoView({ block: "start", behavior: prefersReducedMotion() ? "auto" : "smooth" });
    }
  };

  return (
    <ChatFrame
      scope={jobId}
      sessionId={sessionId}
      subject={video}
      words={VIDEO_WORDS}
      hrefOf={(session) => chatHref({ video: jobId, session })}
      header={(v) => ({
        description: (
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
        ),
        actions: <VideoSwitcher video={v} />,
        note: <StatusNote video={v} />,
      })}
      player={(v) => <VideoPlayer store={store} sources={v} sourceKey={`${v.job_id}:${v.status === "completed" ? "done" : "pending"}`} title={v.name} />}
      playerRef={playerRef}
      onSeek={seek}
    />
  );
}
