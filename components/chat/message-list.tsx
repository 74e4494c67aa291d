"use client";
// A session's messages: questions as bubbles on the right, answers as Markdown whose time stamps
// seek the player, each answer with the mode it was made in and a rating. While a question is
// being answered it shows at once, followed by a placeholder.
import { Badge } from "@/components/ui/badge";
import { Spinner } from "@/components/ui/spinner";
import { answerMeta, useRateAnswer, type ChatMessage, type ChatMode, type Rating } from "@/hooks/queries/chat";
import { errorDetail } from "@/lib/browser/api-client";
import { Markdown } from "./markdown";
import { MODE_LABELS } from "./mode-switch";
import { RatingControl } from "./rating-control";

/** Seeks the player to a cited time; `cited` names the segments the answer was built from. */
export type CitedSeek = (seconds: number, cited: readonly string[]) => void;

function Question({ text }: { text: string }) {
  return (
    <li className="flex justify-end" data-role="user">
      <div className="max-w-[85%] rounded-2xl rounded-br-md bg-accent-600 px-3.5 py-2 text-sm whitespace-pre-wrap break-words text-white">
        <span className="sr-only">You asked: </span>
        {text}
      </div>
    </li>
  );
}

function AgentMark() {
  return (
    <span className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-full bg-zinc-900 text-white" aria-hidden="true">
      <svg viewBox="0 0 20 20" className="size-4" fill="currentColor">
        <path d="M10 2.5 11.6 7l4.4 1.6-4.4 1.6L10 14.7l-1.6-4.5L4 8.6 8.4 7 10 2.5Zm5 9.5.8 2.1 2.2.8-2.2.8L15 18l-.8-2.3-2.2-.8 2.2-.8.8-2.1Z" />
      </svg>
    </span>
  );
}

function Answer({
  message,
  rating,
  onRate,
  rateError,
  onSeek,
}: {
  message: ChatMessage;
  rating: Rating | null;
  onRate: (feedbackId: string, rating: Rating) => void;
  rateError: string | null;
  onSeek: CitedSeek;
}) {
  const meta = answerMeta(message);
  return (
    <li className="flex gap-3" data-role="assistant" data-feedback-id={meta.feedbackId ?? undefined}>
      <AgentMark />
      <div className="min-w-0 flex-1">
        <span className="sr-only">Answer: </span>
        <Markdown source={message.content} onSeek={(t) => onSeek(t, meta.segmentIds)} />
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-center gap-1.5">
            {meta.mode && <Badge>{MODE_LABELS[meta.mode]}</Badge>}
            {meta.model ? (
              <Badge tone="accent">
                <span title={meta.model}>Language model</span>
              </Badge>
            ) : (
              meta.feedbackId && <Badge>From the analysis</Badge>
            )}
            {meta.modelError && (
              <Badge tone="amber">
                <span title={meta.modelError}>Model failed</span>
              </Badge>
            )}
          </div>
          {meta.feedbackId && <RatingControl rating={rating} onRate={(r) => onRate(meta.feedbackId!, r)} error={rateError} />}
        </div>
      </div>
    </li>
  );
}

export interface PendingQuestion {
  question: string;
  mode: ChatMode;
  /** The answer so far while it streams ("" until its first words). */
  text: string;
}

export function MessageList({
  sessionId,
  messages,
  ratings,
  pending,
  onSeek,
}: {
  sessionId: string | null;
  messages: ChatMessage[];
  ratings: Map<string, Rating> | undefined;
  pending: PendingQuestion | null;
  onSeek: CitedSeek;
}) {
  const rate = useRateAnswer(sessionId ?? "");
  const failedFor = rate.isError ? rate.variables?.feedbackId : undefined;
  return (
    <ol className="space-y-5" aria-label="Messages">
      {messages.map((m) =>
        m.role === "user" ? (
          <Question key={m.id} text={m.content} />
        ) : (
          <Answer
            key={m.id}
            message={m}
            rating={ratings?.get(answerMeta(m).feedbackId ?? "") ?? null}
            onRate={(feedbackId, rating) => rate.mutate({ feedbackId, rating })}
            rateError={failedFor && failedFor === answerMeta(m).feedbackId ? errorDetail(rate.error) : null}
            onSeek={onSeek}
          />
        ),
      )}
      {pending && (
        <>
          <Question text={pending.question} />
          <li className="flex gap-3" data-role="pending">
            <AgentMark />
            {pending.text ? (
              <div className="min-w-0 flex-1" data-testid="streaming-answer">
                <span className="sr-only">Answer so far: </span>
                <Markdown source={pending.text} onSeek={(t) => onSeek(t, [])} />
                <Spinner className="mt-1 size-3.5 text-zinc-400" />
              </div>
            ) : (
              <p role="status" className="flex items-center gap-2 py-1 text-sm text-zinc-500">
                <Spinner className="size-4" />
                {pending.mode === "brute_force" ? "Reading the whole analysis…" : "Looking for the moments that answer this…"}
              </p>
            )}
          </li>
        </>
      )}
    </ol>
  );
}
