"use client";
// Live progress of one run: an overall bar and one row per module, each with its segment count
// and the notes it reported (a module that is not available says so; nothing is hidden).
import { Alert } from "@/components/ui/alert";
import { cn } from "@/components/ui/cn";
import { Spinner } from "@/components/ui/spinner";
import type { VideoStatus } from "@/hooks/queries/videos";
import { moduleLabel, PROVISIONAL_MODULES } from "@/lib/pipeline/modules/registry";
import { formatBytes } from "@/lib/browser/format";
import type { ImportProgress, ModuleProgress, ProcessingState } from "./processing-store";

/** The import from a URL is under way (its bytes are what to show). */
function importUnderWay(state: ProcessingState, status: VideoStatus | undefined): state is ProcessingState & { importing: ImportProgress } {
  return !!state.importing && !state.done && (status === "importing" || status === undefined);
}

function importText({ bytes, total, percent }: ImportProgress): string {
  return total ? `${formatBytes(bytes)} of ${formatBytes(total)} fetched (${percent ?? Math.floor((bytes / total) * 100)}%)` : `${formatBytes(bytes)} fetched`;
}
import { plural } from "@/lib/core/words";

interface Parts {
  done: number;
  total: number;
}

/** A long video's parts while they run (before the merge starts any module). */
function partsUnderWay(state: ProcessingState): Parts | null {
  const c = state.chunks;
  if (!c || !c.total || state.done || state.modules.some((m) => m.state !== "waiting")) return null;
  return { done: Math.min(c.done.length, c.total), total: c.total };
}

/**
 * Of a long video's run, the share its parts stand for; the merge (the modules over the whole video,
 * from the parts' decoded frames) is the rest. bench/pipeline/chunked-scaling.ts, 10-min clip on two
 * workers: parts 197 s of 217 s, merge 19 s.
 */
const PARTS_SHARE = 0.9;

/** The card's one percentage, and whether anything has reported progress yet. */
export function overallProgress(state: ProcessingState): { pct: number; started: boolean } {
  if (state.done?.status === "completed") return { pct: 100, started: true };
  const finished = state.modules.filter((m) => m.state === "done").length;
  // A running module counts for its reported share (half when it reports none).
  const running = state.modules.filter((m) => m.state === "running").reduce((t, m) => t + (m.percent ?? 50) / 100, 0);
  // The shared decode pass counts as one more step while it is reported.
  const decodeShare = state.decode ? state.decode.percent / 100 : 0;
  const steps = state.modules.length + (state.decode ? 1 : 0);
  const share = steps ? (finished + running + decodeShare) / steps : 0;
  const chunks = state.chunks?.total ? state.chunks : null;
  if (!chunks) return { pct: Math.round(share * 100), started: share > 0 };
  // A run in parts: the parts done first, then the merge's modules.
  const partsDone = Math.min(chunks.done.length, chunks.total) / chunks.total;
  const merging = state.modules.some((m) => m.state !== "waiting");
  const pct = merging ? PARTS_SHARE + (1 - PARTS_SHARE) * share : PARTS_SHARE * partsDone;
  return { pct: Math.round(pct * 100), started: merging || partsDone > 0 };
}

function headline(state: ProcessingState, status: VideoStatus | undefined): string {
  if (state.done?.status === "completed") return "Analysis complete";
  if (state.done?.status === "failed" || status === "failed") return "Processing failed";
  const running = state.modules.filter((m) => m.state === "running");
  // One percentage on the card: the overall one, beside this line; the decode pass and the modules
  // say what they do, not a number of their own.
  const decoding = state.decode && state.decode.percent < 100 ? "decoding the video" : null;
  if (running.length) {
    const names = running.map((m) => moduleLabel(m.module).toLowerCase());
    return `Running ${names.join(", ")}${decoding ? `; ${decoding}` : ""} (${state.modules.filter((m) => m.state === "done").length} of ${state.modules.length} done)`;
  }
  if (decoding) return decoding[0]!.toUpperCase() + decoding.slice(1);
  if (state.chunks && state.chunks.done.length < state.chunks.total) {
    const shown = state.modules.filter((m) => m.selected && (PROVISIONAL_MODULES as readonly string[]).includes(m.module)).map((m) => (m.module === "shots" ? "shots" : "transcript"));
    const theirs = state.chunks.done.length && shown.length ? ` (their ${shown.join(" and ")} ${shown.length > 1 ? "are" : "is"} shown below)` : "";
    return `Analysing in ${state.chunks.total} parts: ${state.chunks.done.length} done${theirs}`;
  }
  if (state.modules.some((m) => m.state === "done")) return "Finishing up…";
  if (importUnderWay(state, status)) return `Importing: ${importText(state.importing)}`;
  if (status === "processing") return "Preparing: reading the file and making the preview…";
  if (status === "queued") return "Queued: waiting for a free worker…";
  if (status === "importing") return "Importing: fetching the file from its URL…";
  return "Waiting for processing to start…";
}

function ModuleRow({ m: reported, runEnded, parts }: { m: ModuleProgress; runEnded: "completed" | "failed" | null; parts: Parts | null }) {
  // Joined after the run ended: the stream only says it is done, not how each module went.
  const unreported = reported.state === "waiting" && runEnded !== null;
  // A failed run kept nothing: its modules' counts and notes ("0 segments", "no audio track")
  // would contradict the one reason it failed, said above.
  const failedRun = runEnded === "failed";
  const m: ModuleProgress = unreported && runEnded === "completed" ? { ...reported, state: "done" } : reported;
  return (
    <li className="py-2" data-module={m.module} data-state={m.state}>
      <div className="flex items-start gap-2.5">
        <span className="mt-0.5 grid size-5 shrink-0 place-items-center" aria-hidden="true">
          {m.state === "running" ? (
            <Spinner className="size-4 text-accent-600" />
          ) : m.state === "done" ? (
            <svg viewBox="0 0 20 20" className="size-5 text-emerald-600" fill="currentColor">
              <path fillRule="evenodd" d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3a1 1 0 0 0-1.4-1.4L9 10.6 7.7 9.3a1 1 0 0 0-1.4 1.4l2 2a1 1 0 0 0 1.4 0l4-4Z" clipRule="evenodd" />
            </svg>
          ) : (
            <span className="size-3.5 rounded-full border-2 border-zinc-300" />
          )}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className={cn("text-sm font-medium", m.state === "waiting" ? "text-zinc-500" : "text-zinc-900")}>
              {moduleLabel(m.module)}
              {!m.selected && <span className="ml-1.5 text-xs font-normal text-zinc-500">needed by another module · not kept</span>}
            </span>
            <span className="text-xs text-zinc-500 tabular-nums">
              {unreported
                ? runEnded === "completed"
                  ? "Done"
                  : "Not run"
                : m.state === "running"
                ? failedRun
                  ? "Stopped"
                  : "Running…"
                : m.state === "waiting"
                  ? parts
                    ? (PROVISIONAL_MODULES as readonly string[]).includes(m.module)
                      ? `${parts.done} of ${parts.total} parts`
                      : "After the parts"
                    : "Waiting"
                  : failedRun || !m.selected
                    ? "Done"
                    : m.segments === null
                      ? "Done"
                      : plural(m.segments, "segment")}
            </span>
          </div>
          {m.state === "running" && m.percent !== null && !failedRun && (
            <div className="mt-1">
              <div
                role="progressbar"
                aria-label={`${moduleLabel(m.module)} progress`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={m.percent}
                className="h-1 overflow-hidden rounded-full bg-zinc-100"
              >
                <div className="h-full rounded-full bg-accent-600 transition-[width] duration-500" style={{ width: `${Math.max(2, m.percent)}%` }} />
              </div>
              {m.message && <p className="mt-0.5 text-xs text-zinc-500">{m.message}</p>}
            </div>
          )}
          {m.notes.length > 0 && !failedRun && (
            <ul className="mt-1 space-y-0.5">
              {m.notes.map((n, i) => (
                <li key={i} className="flex gap-1.5 text-xs text-amber-800">
                  <svg viewBox="0 0 20 20" className="mt-px size-3.5 shrink-0" fill="currentColor" aria-hidden="true">
                    <path fillRule="evenodd" d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 1.5h.25v3a.75.75 0 0 0 1.5 0v-3.75A.75.75 0 0 0 10 9H9Z" clipRule="evenodd" />
                  </svg>
                  <span>
                    <span className="sr-only">Note: </span>
                    {n}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </li>
  );
}

/** What a run says about itself as a whole (a file that ends early): one box, above the modules. */
export function RunNotes({ notes, className }: { notes: string[]; className?: string }) {
  if (!notes.length) return null;
  return (
    <Alert tone="warning" className={className} title="Only part of this video could be analysed">
      {notes.map((n, i) => (
        <p key={i} data-testid="run-note">
          {n}
        </p>
      ))}
    </Alert>
  );
}

export function ProcessingProgress({
  state,
  status,
  className,
  serverError,
  withRunNotes = true,
  withError = true,
}: {
  state: ProcessingState;
  status?: VideoStatus;
  className?: string;
  /** The video's `error` when the server already says it failed. */
  serverError?: string | null;
  /** False where the page shows the run's own notes elsewhere (the results page, above). */
  withRunNotes?: boolean;
  /** False where the page says why the run failed elsewhere (the results page's alert, with "Try again"). */
  withError?: boolean;
}) {
  const total = state.modules.length;
  const finished = state.modules.filter((m) => m.state === "done").length;
  const { pct, started } = overallProgress(state);
  const parts = partsUnderWay(state);
  const text = headline(state, status);
  const failed = state.done?.status === "failed" || (!state.done && status === "failed");
  const error = state.done?.error ?? serverError ?? null;

  return (
    <div className={cn("min-w-0", className)} data-testid="processing-progress">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-zinc-900" aria-live="polite">
          {text}
          {!state.done && !failed && started && (
            <span className="font-normal text-zinc-500 tabular-nums" data-testid="progress-percent">
              {" "}
              · {pct}%
            </span>
          )}
        </p>
        {(state.connection === "reconnecting" || state.connection === "connecting") && !state.done && (
          <span className="flex items-center gap-1.5 text-xs text-zinc-500">
            <Spinner className="size-3" />
            {state.connection === "connecting" ? "Connecting…" : "Reconnecting…"}
          </span>
        )}
      </div>
      <div
        role="progressbar"
        aria-label="Processing progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={parts ? `${parts.done} of ${parts.total} parts done` : `${finished} of ${total} modules done`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-100"
      >
        <div
          className={cn(
            "h-full rounded-full transition-[width] duration-500",
            failed ? "bg-red-500" : state.done ? "bg-emerald-500" : "bg-accent-600",
            !state.done && !started && "animate-pulse",
          )}
          style={{ width: `${Math.max(pct, state.done ? 100 : 3)}%` }}
        />
      </div>
      {importUnderWay(state, status) && state.importing.percent !== null && (
        <div
          role="progressbar"
          aria-label="Import progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={state.importing.percent}
          className="mt-2 h-1 overflow-hidden rounded-full bg-zinc-100"
        >
          <div className="h-full rounded-full bg-sky-500 transition-[width] duration-500" style={{ width: `${Math.max(2, state.importing.percent)}%` }} />
        </div>
      )}
      {/* The headline already says "Processing failed": the reason once, below it. */}
      {failed && error && withError && (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      )}
      {withRunNotes && <RunNotes notes={state.done?.notes ?? []} className="mt-3" />}
      {state.error && (
        <Alert tone="error" className="mt-3" title="Live progress is unavailable">
          {state.error}
        </Alert>
      )}
      {total > 0 && (
        <ol aria-label="Modules" className="mt-2 divide-y divide-zinc-100">
          {state.modules.map((m) => (
            <ModuleRow key={m.module} m={m} runEnded={state.done?.status ?? null} parts={parts} />
          ))}
        </ol>
      )}
    </div>
  );
}
