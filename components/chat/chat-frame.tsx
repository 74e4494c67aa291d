"use client";
// The chat page's frame, for a video (chat-workspace.tsx) and for a project
// (project-chat-workspace.tsx): loading and failure of what the chat is about, the header with
// its switcher, the conversation, the sessions beside it (under it on a phone) with the video's
// player above them when there is one, and the rename and delete dialogs of the open session.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ReactNode, type Ref } from "react";
import { LoadError, NOT_FOUND_DETAIL, type FailedQuery } from "@/components/ui/load-error";
import { PageHeader } from "@/components/ui/page-header";
import { LoadingBlock } from "@/components/ui/spinner";
import { useChatSessions } from "@/hooks/queries/chat";
import { Conversation } from "./conversation";
import type { CitedSeek } from "./message-list";
import { SessionDialogs, type SessionAction } from "./session-dialogs";
import { SessionList } from "./session-list";

/** What the chat is about, in the words of its pages ("video", "project"). */
export interface ChatSubjectWords {
  loading: string;
  loadFailed: string;
  notFound: string;
  pickAnother: string;
}

export interface ChatFrameProps<S extends { name: string }> {
  /** The sessions' scope: a video's job id, or a project's (projectScope). */
  scope: string;
  sessionId: string | null;
  /** The query of the video or project the chat is about. */
  subject: FailedQuery & { isPending: boolean; isError: boolean; data?: S };
  words: ChatSubjectWords;
  /** The address of this chat with the given session open (none: a new chat). */
  hrefOf: (session?: string) => string;
  /** The header's description, its switcher, and anything to say above the conversation. */
  header: (subject: S) => { description: ReactNode; actions: ReactNode; note?: ReactNode };
  /** The video's player, above the sessions (on a phone, above the conversation). */
  player?: (subject: S) => ReactNode;
  playerRef?: Ref<HTMLDivElement>;
  onSeek: CitedSeek;
}

export function ChatFrame<S extends { name: string }>({ scope, sessionId, subject, words, hrefOf, header, player, playerRef, onSeek }: ChatFrameProps<S>) {
  const router = useRouter();
  const sessions = useChatSessions(scope);
  const [action, setAction] = useState<SessionAction | null>(null);
  const session = sessions.data?.find((s) => s.id === sessionId) ?? null;
  const s = subject.data;

  if (subject.isPending) return <LoadingBlock label={words.loading} />;
  if (subject.isError || !s) {
    return (
      <>
        <PageHeader title="Chat" />
        <LoadError
          title={words.loadFailed}
          query={subject}
          notFound={{
            title: words.notFound,
            detail: NOT_FOUND_DETAIL,
            action: (
              <Link href="/chat" className="text-sm font-medium underline underline-offset-2">
                {words.pickAnother}
              </Link>
            ),
          }}
        />
      </>
    );
  }

  const { description, actions, note } = header(s);
  return (
    <>
      <PageHeader title="Chat" description={description} actions={actions} />
      {note}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {/* Phones: the player, then the conversation with its question box, then the sessions (the
            column dissolves into the grid); wide screens: player and sessions beside the conversation. */}
        <div className="min-w-0 max-lg:contents lg:sticky lg:top-6 lg:order-2 lg:space-y-4 lg:self-start">
          {player && (
            <div ref={playerRef} className="scroll-mt-20 max-lg:order-1">
              {player(s)}
            </div>
          )}
          <div className="min-w-0 max-lg:order-3">
            <SessionList jobId={scope} sessionId={sessionId} />
          </div>
        </div>
        <Conversation
          className="min-w-0 max-lg:order-2 lg:order-1"
          jobId={scope}
          videoName={s.name}
          sessionId={sessionId}
          session={session}
          onSeek={onSeek}
          onSessionStarted={(id) => router.replace(hrefOf(id), { scroll: false })}
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
            router.replace(hrefOf(), { scroll: false });
          }}
        />
      )}
    </>
  );
}
