"use client";
// The transcript beside the player: the transcription segments in time order, the one being
// spoken marked and kept in view as the video plays, a click on a line seeks there. The same cues
// are the player's captions track (/playback/captions/…).
// On the results page (`jobId` given) the owner can correct lines: "Correct" switches the list to
// editing, a click on a line edits it in place (Enter saves, Escape cancels), and a corrected
// line's history lists its revisions with a Restore for each. Corrected lines are marked.
import { useEffect, useMemo, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { InlineEditInput } from "@/components/ui/inline-edit";
import { cn } from "@/components/ui/cn";
import { useEditSegment, useRestoreRevision, useSegmentRevisions, type Segment } from "@/hooks/queries/segments";
import { errorDetail } from "@/lib/browser/api-client";
import { formatDateTime } from "@/lib/browser/format";
import { currentCueIndex } from "@/lib/browser/captions";
import { usePlayerValue, type PlayerStore } from "./player-store";
import { formatClock } from "@/lib/core/clock";

function EditedMark() {
  return (
    <Badge tone="amber" className="ml-2 align-middle">
      edited
    </Badge>
  );
}

export function TranscriptPanel({ segments, store, jobId }: { segments: readonly Segment[]; store: PlayerStore; jobId?: string }) {
  const cues = useMemo(
    () => segments.filter((s) => s.module === "transcription").sort((a, b) => a.start_time - b.start_time || a.end_time - b.end_time),
    [segments],
  );
  const current = usePlayerValue(store, (s) => currentCueIndex(cues, s.time));
  const listRef = useRef<HTMLOListElement | null>(null);
  const [correcting, setCorrecting] = useState(false);

  useEffect(() => {
    const list = listRef.current;
    const item = current >= 0 ? list?.querySelector<HTMLElement>(`[data-cue="${current}"]`) : null;
    if (!list || !item || correcting) return;
    // Scroll the list only (never the page): keep the spoken line in its upper third.
    const top = item.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTo({ top: Math.max(0, top - list.clientHeight / 3), behavior: "smooth" });
    }
  }, [current, correcting]);

  if (!cues.length) return null;
  return (
    <Card aria-labelledby="transcript-heading">
      <CardHeader
        title="Transcript"
        titleId="transcript-heading"
        description={correcting ? "Click a line to correct it: Enter saves, Escape cancels." : "Follows the video; click a line to play from there."}
        actions={
          jobId ? (
            <Button size="sm" variant={correcting ? "primary" : "secondary"} aria-pressed={correcting} onClick={() => setCorrecting((v) => !v)}>
              {correcting ? "Done" : "Correct"}
            </Button>
          ) : undefined
        }
      />
      <ol ref={listRef} className="relative max-h-72 overflow-y-auto border-t border-zinc-100 py-1" data-testid="transcript-panel">
        {cues.map((c, i) => (
          <li key={c.id} data-cue={i} data-edited={c.edited ? "true" : undefined} aria-current={i === current ? "true" : undefined}>
            {correcting && jobId ? (
              <CorrectableLine jobId={jobId} cue={c} />
            ) : (
              <button
                type="button"
                onClick={() => store.play(c.start_time)}
                className={cn(
                  "flex w-full gap-3 px-5 py-1.5 text-left text-sm hover:bg-zinc-50",
                  i === current ? "bg-accent-50/70 text-zinc-900" : "text-zinc-700",
                )}
              >
                <span className="shrink-0 font-mono text-xs leading-5 text-accent-700 tabular-nums">{formatClock(c.start_time)}</span>
                <span className="min-w-0 break-words">
                  {c.content}
                  {/* the owner sees their corrections marked; a shared report's reader does not */}
                  {jobId && c.edited && <EditedMark />}
                </span>
              </button>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** One line in correction mode: its text as a button that opens an input in place, and its history once corrected. */
function CorrectableLine({ jobId, cue }: { jobId: string; cue: Segment }) {
  const [editing, setEditing] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const edit = useEditSegment(jobId);
  const clock = formatClock(cue.start_time);

  return (
    <div className="px-5 py-1.5 text-sm">
      <div className="flex items-start gap-3">
        <span className="shrink-0 font-mono text-xs leading-5 text-accent-700 tabular-nums">{clock}</span>
        {editing ? (
          <InlineEditInput
            initial={cue.content}
            label={`Corrected text of the line at ${clock}`}
            busy={edit.isPending}
            onSave={(content) => edit.mutate({ segmentId: cue.id, content }, { onSuccess: () => setEditing(false) })}
            onCancel={() => {
              edit.reset();
              setEditing(false);
            }}
          />
        ) : (
          <button
            type="button"
            onClick={() => setEditing(true)}
            aria-label={`Correct the line at ${clock}: ${cue.content}`}
            className="min-w-0 flex-1 rounded-md px-1 text-left break-words text-zinc-800 ring-1 ring-transparent hover:bg-zinc-50 hover:ring-zinc-200"
          >
            {cue.content}
            {cue.edited && <EditedMark />}
          </button>
        )}
        {(cue.revision ?? 0) > 0 && !editing && (
          <Button size="sm" variant="ghost" className="h-6 px-1.5 text-xs" aria-expanded={showHistory} onClick={() => setShowHistory((v) => !v)}>
            History
          </Button>
        )}
      </div>
      {edit.isError && (
        <p role="alert" className="mt-1 ml-12 text-xs text-red-700">
          {errorDetail(edit.error)}
        </p>
      )}
      {showHistory && <RevisionList jobId={jobId} cue={cue} />}
    </div>
  );
}

function RevisionList({ jobId, cue }: { jobId: string; cue: Segment }) {
  const revisions = useSegmentRevisions(jobId, cue.id);
  const restore = useRestoreRevision(jobId);
  if (revisions.isPending) return <p className="mt-1 ml-12 text-xs text-zinc-500">Loading revisions…</p>;
  if (revisions.isError) return <p className="mt-1 ml-12 text-xs text-red-700">{errorDetail(revisions.error)}</p>;
  return (
    <ol className="mt-1 ml-12 space-y-1 border-l-2 border-zinc-200 pl-3" aria-label={`Revisions of the line at ${formatClock(cue.start_time)}`}>
      {revisions.data.map((r) => (
        <li key={r.revision} className="flex items-start gap-2 text-xs text-zinc-600">
          <span className="min-w-0 flex-1 break-words">
            <span className="font-medium text-zinc-800">{r.revision === 0 ? "Original (machine)" : `Revision ${r.revision}`}</span>
            {r.edited_by && ` · ${formatDateTime(r.created_at)}`}: {r.content}
          </span>
          {r.revision === cue.revision ? (
            <span className="shrink-0 text-zinc-400">current</span>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              className="h-6 px-1.5 text-xs"
              busy={restore.isPending && restore.variables?.revision === r.revision}
              onClick={() => restore.mutate({ segmentId: cue.id, revision: r.revision })}
              aria-label={`Restore ${r.revision === 0 ? "the original" : `revision ${r.revision}`}`}
            >
              Restore
            </Button>
          )}
        </li>
      ))}
    </ol>
  );
}
