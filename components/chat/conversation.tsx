"use client";
// One conversation about a video: its messages (or an invitation to ask), the question box with
// the mode switch, and the session's rename and delete buttons. A first question starts a session
// (the server titles it from the question) and the address follows it.
import Link from "next/link";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { LoadingBlock } from "@/components/ui/spinner";
import { useAskQuestion, useChatMessages, useSessionRatings, type ChatMode, type ChatSession } from "@/hooks/queries/chat";
import { errorDetail, isApiClientError } from "@/lib/browser/api-client";
import { chatHref } from "@/lib/browser/chat-url";
import { Composer } from "./composer";
import { MessageList, type CitedSeek } from "./message-list";
import type { SessionAction } from "./session-dialogs";
import { plural } from "@/lib/core/words";

const SUGGESTIONS = ["Summarize the video", "What is said at the start?", "When does the scene change?"];

function EmptyConversation({ videoName, onPick }: { videoName: string; onPick: (q: string) => void }) {
  return (
    <div className="py-6 text-center">
      <p className="text-sm font-medium text-zinc-900">Ask anything about “{videoName}”</p>
      <p className="mx-auto mt-1 max-w-sm text-sm text-zinc-500">
        Answers cite moments of the video, like <span className="font-mono text-xs">[00:12]</span>; click one to jump the player there.
      </p>
      <ul className="mt-4 flex flex-wrap justify-center gap-2" aria-label="Suggested questions">
        {SUGGESTIONS.map((q) => (
          <li key={q}>
            <button
              type="button"
              onClick={() => onPick(q)}
              className="rounded-full bg-white px-3 py-1.5 text-xs font-medium text-zinc-700 ring-1 ring-zinc-300 ring-inset hover:bg-zinc-50"
            >
              {q}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function Conversation({
  jobId,
  videoName,
  sessionId,
  session,
  onSeek,
  onSessionStarted,
  onAction,
  className,
}: {
  jobId: string;
  videoName: string;
  sessionId: string | null;
  /** The open session's list entry (title, counts); null while the list loads or for a new chat. */
  session: ChatSession | null;
  onSeek: CitedSeek;
  onSessionStarted: (sessionId: string) => void;
  onAction: (action: SessionAction) => void;
  className?: string;
}) {
  // A session started here is shown at once, before the address has caught up with it.
  const [started, setStarted] = useState<string | null>(null);
  const current = sessionId ?? started;
  const currentRef = useRef(current);
  useEffect(() => {
    currentRef.current = current;
  });

  const messages = useChatMessages(current);
  const ratings = useSessionRatings(current);
  const ask = useAskQuestion();
  // Another session opened: what was asked (or failed) in the last one is not this one's business.
  const { reset } = ask;
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- cleared together with the mutation, which only an effect may reset
    setStarted(null);
    reset();
  }, [sessionId, reset]);
  const [question, setQuestion] = useState("");
  const [mode, setMode] = useState<ChatMode>("vector");
  const composerRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);

  // Follow the conversation as it grows (a question sent, its answer arrived).
  const count = (messages.data?.length ?? 0) + (ask.isPending ? 2 : 0);
  const lastCount = useRef(count);
  useEffect(() => {
    if (count > lastCount.current) endRef.current?.scrollIntoView({ block: "nearest" });
    lastCount.current = count;
  }, [count]);

  // The answer streams in: its text so far, and a way to stop it.
  const [streamText, setStreamText] = useState("");
  const stopper = useRef<AbortController | null>(null);
  useEffect(() => () => stopper.current?.abort(), []);
  useEffect(() => {
    if (streamText) endRef.current?.scrollIntoView({ block: "nearest" });
  }, [streamText]);

  const submit = () => {
    const q = question.trim();
    setQuestion("");
    setStreamText("");
    const controller = new AbortController();
    stopper.current = controller;
    ask.mutate(
      { question: q, jobId, sessionId: current, mode, onText: setStreamText, signal: controller.signal },
      {
        onSuccess: (answer) => {
          if (currentRef.current === current && answer.session_id !== current) {
            setStarted(answer.session_id);
            onSessionStarted(answer.session_id);
          }
        },
        // Nothing typed is lost: the question goes back into the box (not when stopped: it was asked).
        onError: (err) => {
          if ((err as Error).name !== "AbortError") setQuestion((typed) => typed || q);
        },
      },
    );
  };

  const askError = ask.isError && ask.error.name !== "AbortError" ? (
    <Alert
      tone="error"
      title="No answer"
      action={
        isApiClientError(ask.error, 404) && current ? (
          <Link href={chatHref({ video: jobId })} className={buttonClasses("secondary", "sm")}>
            Start a new chat
          </Link>
        ) : undefined
      }
    >
      {errorDetail(ask.error)}
    </Alert>
  ) : null;

  let body: ReactNode;
  if (current && messages.isPending) body = <LoadingBlock label="Loading the conversation…" />;
  else if (messages.isError)
    body = (
      <LoadError
        title="Could not load the conversation"
        query={messages}
        notFound={{
          title: "This session is gone",
          action: (
            <Link href={chatHref({ video: jobId })} className={buttonClasses("secondary", "sm")}>
              Start a new chat
            </Link>
          ),
        }}
      />
    );
  else if (!messages.data?.length && !ask.isPending)
    body = (
      <EmptyConversation
        videoName={videoName}
        onPick={(q) => {
          setQuestion(q);
          composerRef.current?.querySelector("textarea")?.focus();
        }}
      />
    );
  else
    body = (
      <MessageList
        sessionId={current}
        messages={messages.data ?? []}
        ratings={ratings.data}
        pending={ask.isPending ? { question: ask.variables.question, mode: ask.variables.mode, text: streamText } : null}
        onSeek={onSeek}
      />
    );

  const title = session?.title ?? (current ? (messages.isPending ? "Loading…" : "Conversation") : "New chat");
  return (
    <Card aria-labelledby="conversation-heading" className={className}>
      <CardHeader
        title={<span className="break-words">{title}</span>}
        titleId="conversation-heading"
        description={session ? plural(session.message_count, "message") : current ? undefined : "Your first question starts a session."}
        actions={
          session && (
            <>
              <Button size="sm" variant="ghost" onClick={() => onAction("rename")}>
                Rename
              </Button>
              <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => onAction("delete")}>
                Delete
              </Button>
            </>
          )
        }
      />
      <div className="px-4 py-5 sm:px-5" role="log" aria-label="Conversation" aria-busy={ask.isPending || undefined}>
        {body}
        <div ref={endRef} />
      </div>
      <div ref={composerRef} className="rounded-b-xl border-t border-zinc-100 bg-white/95 px-4 pt-3 pb-4 backdrop-blur sm:px-5 sticky bottom-0">
        <Composer
          value={question}
          onChange={setQuestion}
          mode={mode}
          onModeChange={setMode}
          onSubmit={submit}
          busy={ask.isPending}
          onStop={() => stopper.current?.abort()}
          error={askError}
          placeholder={current ? "Ask a follow-up question…" : `Ask about “${videoName}”…`}
        />
      </div>
    </Card>
  );
}
