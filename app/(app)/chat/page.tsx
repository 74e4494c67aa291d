import type { Metadata } from "next";
import { Suspense } from "react";
import { ChatView } from "@/components/chat/chat-view";
import { LoadingBlock } from "@/components/ui/spinner";
import { getModelClient } from "@/lib/ai/provider";

export const metadata: Metadata = { title: "Chat" };
// Whether a chat model is configured is read when the page is asked for, not when it is built.
export const dynamic = "force-dynamic";

// ?video=<job id> picks the video, &session=<id> the conversation (read in the browser).
export default function ChatPage() {
  return (
    <Suspense fallback={<LoadingBlock label="Loading…" />}>
      <ChatView composedOffline={!getModelClient("chat")} />
    </Suspense>
  );
}
