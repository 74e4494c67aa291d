"use client";
// /chat: the address says what is shown (?video=<job id>&session=<id>, or ?project=<id>&session=<id>),
// so back, forward, reload and shared links all land on the same conversation.
import { useSearchParams } from "next/navigation";
import { ChatWorkspace } from "./chat-workspace";
import { ProjectChatWorkspace } from "./project-chat-workspace";
import { VideoChooser } from "./video-chooser";

/** `composedOffline`: no chat model is configured (the header says so once). */
export function ChatView({ composedOffline = false }: { composedOffline?: boolean }) {
  const params = useSearchParams();
  const video = params.get("video");
  const session = params.get("session");
  const project = params.get("project");
  if (project) return <ProjectChatWorkspace key={project} projectId={project} sessionId={session || null} composedOffline={composedOffline} />;
  if (!video) return <VideoChooser />;
  // A new video is a new player and new sessions: start afresh.
  return <ChatWorkspace key={video} jobId={video} sessionId={session || null} composedOffline={composedOffline} />;
}
