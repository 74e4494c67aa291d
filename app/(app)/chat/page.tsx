import type { Metadata } from "next";
import { Suspense } from "react";
import { ChatView } from "@/components/chat/chat-view";
import { LoadingBlock } from "@/components/ui/spinner";

export const metadata: Metadata = { title: "Chat" };

// ?video=<job id> picks the video, &session=<id> the conversation (read in the browser).
export default function ChatPage() {
  return (
    <Suspense fallback={<LoadingBlock label="Loading…" />}>
      <ChatView />
    </Suspense>
  );
}
