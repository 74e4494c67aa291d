"use client";
// A video's chat sessions, most recently active first; each is a link (the address holds the
// session), the open one marked. "New chat" leaves the session so the next question starts one.
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { QueryView } from "@/components/ui/query-view";
import { useChatSessions } from "@/hooks/queries/chat";
import { formatDateTime, formatRelative } from "@/lib/browser/format";
import { chatHref } from "@/lib/browser/chat-url";
import { plural } from "@/lib/core/words";

export function SessionList({ jobId, sessionId, className }: { jobId: string; sessionId: string | null; className?: string }) {
  const sessions = useChatSessions(jobId);
  return (
    <Card aria-labelledby="sessions-heading" className={className}>
      <CardHeader
        title="Sessions"
        titleId="sessions-heading"
        actions={
          <Link
            href={chatHref({ video: jobId })}
            scroll={false}
            aria-current={sessionId ? undefined : "page"}
            className={buttonClasses(sessionId ? "secondary" : "ghost", "sm")}
          >
            <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
              <path d="M10 4.5v11M4.5 10h11" />
            </svg>
            New chat
          </Link>
        }
      />
      <QueryView
        query={sessions}
        loadingLabel="Loading sessions…"
        loadingClassName="py-6"
        errorTitle="Could not load the sessions"
        errorClassName="m-4"
        empty={<p className="px-5 py-4 text-sm text-zinc-500 lg:py-6 lg:text-center">No sessions yet. Your first question starts one.</p>}
      >
        {(data) => (
          <ul className="max-h-44 divide-y divide-zinc-100 overflow-y-auto lg:max-h-[min(28rem,50dvh)]" aria-label="Chat sessions">
            {data.map((s) => {
              const current = s.id === sessionId;
              return (
                <li key={s.id}>
                  <Link
                    href={chatHref({ video: jobId, session: s.id })}
                    scroll={false}
                    aria-current={current ? "page" : undefined}
                    data-session-id={s.id}
                    className={cn(
                      "block border-l-2 px-5 py-2.5 hover:bg-zinc-50",
                      current ? "border-accent-600 bg-accent-50/60 hover:bg-accent-50" : "border-transparent",
                    )}
                  >
                    <span className={cn("block truncate text-sm font-medium", current ? "text-accent-800" : "text-zinc-900")}>{s.title}</span>
                    <span className="mt-0.5 block text-xs text-zinc-500">
                      {plural(s.message_count, "message")} ·{" "}
                      <time dateTime={`${s.updated_at}Z`} title={formatDateTime(s.updated_at)}>
                        {formatRelative(s.updated_at)}
                      </time>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
    </Card>
  );
}
