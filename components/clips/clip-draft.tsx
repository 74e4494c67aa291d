"use client";
// The clip being put together on a video's page: its ranges (each drag on the timeline adds one;
// a second drag keeps the first), its title and the clip it was made into, whose state is polled
// until it is cut. Shared by the bar under the timeline and the "Make a clip" card.
import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useClip, useCreateClip } from "@/hooks/queries/clips";
import { errorDetail } from "@/lib/browser/api-client";
import { formatClock } from "@/lib/core/clock";
import type { TimeRange } from "@/components/results/timeline";

export type ClipDraft = ReturnType<typeof useClipDraft>;

export function useClipDraft(jobId: string, duration: number) {
  const [ranges, setRanges] = useState<TimeRange[]>([]);
  const [title, setTitle] = useState("");
  const create = useCreateClip();
  const add = (r: TimeRange) => {
    const end = Math.min(r.end, duration);
    if (!(end > r.start)) return;
    setRanges((all) => [...all, { start: r.start, end }]);
    create.reset();
  };
  const remove = (i: number) => setRanges((all) => all.filter((_, j) => j !== i));
  const make = () => create.mutate({ job_id: jobId, ranges, ...(title.trim() ? { title: title.trim() } : {}) });
  return { ranges, add, remove, clear: () => setRanges([]), title, setTitle, make, create, clipId: create.data?.clip_id };
}

/** The made clip's state, kept up to date: queued, being cut, ready (with a link) or failed (with why). */
export function ClipMadeStatus({ clipId }: { clipId: string }) {
  const clip = useClip(clipId);
  const status = clip.data?.status ?? "queued";
  const open = (
    <Link href={`/clips?clip=${clipId}`} className="font-medium underline underline-offset-2">
      Open your clips
    </Link>
  );
  if (status === "failed") {
    return (
      <p className="text-sm text-red-700" role="status" data-testid="clip-made" data-status={status}>
        The clip could not be cut{clip.data?.error ? `: ${clip.data.error}` : "."} {open}
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-1.5 text-sm text-emerald-800" role="status" data-testid="clip-made" data-status={status}>
      {status === "completed" ? (
        <>Clip ready. {open}</>
      ) : (
        <>
          <Spinner className="size-3.5" /> {status === "processing" ? "Cutting the clip…" : "Clip queued…"} {open}
        </>
      )}
    </p>
  );
}

/** Under the timeline, once a range is dragged out: what the clip holds and the button to make it, right there. */
export function ClipSelectionBar({ draft }: { draft: ClipDraft }) {
  if (!draft.ranges.length && !draft.clipId) return null;
  const last = draft.ranges.at(-1);
  return (
    <div className="mt-3 space-y-2 rounded-md bg-accent-50 px-3 py-2 text-sm" data-testid="clip-selection">
      {last && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-accent-800">
            {draft.ranges.length === 1 ? "Clip range" : `${draft.ranges.length} clip ranges; the latest`}:{" "}
            <span className="font-mono tabular-nums">
              {formatClock(last.start)}–{formatClock(last.end)}
            </span>{" "}
            ({(last.end - last.start).toFixed(1)} s). {draft.ranges.length > 1 ? "Ranges are joined in the order you drag them." : "Drag again to add another range."}
          </span>
          <Button size="sm" busy={draft.create.isPending} onClick={draft.make} data-testid="clip-create-here">
            Make clip
          </Button>
          <Button size="sm" variant="ghost" onClick={draft.clear}>
            Clear
          </Button>
        </div>
      )}
      {draft.create.isError && <Alert tone="error">{errorDetail(draft.create.error)}</Alert>}
      {draft.clipId && <ClipMadeStatus clipId={draft.clipId} />}
    </div>
  );
}
