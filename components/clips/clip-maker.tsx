"use client";
// On a video's results page: pick ranges at the playhead (click the timeline or a segment to move
// it, then mark where a range starts and ends) or drag one out along the timeline's ruler, and cut
// them into one clip (POST /clips).
import Link from "next/link";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { usePlayerValue, type PlayerStore } from "@/components/results/player-store";
import { useCreateClip } from "@/hooks/queries/clips";
import { errorDetail } from "@/lib/browser/api-client";
import { formatClock } from "@/lib/core/clock";
import type { TimeRange } from "@/components/results/timeline";

type Range = TimeRange;

const round = (t: number) => Math.round(t * 100) / 100;

export function ClipMaker({
  jobId,
  duration,
  name,
  store,
  selection = null,
  onSelectionUsed,
}: {
  jobId: string;
  duration: number;
  name: string;
  store: PlayerStore;
  /** A range dragged out on the timeline, to add as one of the clip's ranges. */
  selection?: Range | null;
  onSelectionUsed?: () => void;
}) {
  const titleId = useId();
  const time = usePlayerValue(store, (s) => round(s.time));
  const [start, setStart] = useState<number | null>(null);
  const [ranges, setRanges] = useState<Range[]>([]);
  const [title, setTitle] = useState("");
  const create = useCreateClip();
  const made = create.data?.clip_id;
  const canEnd = start !== null && time > start;

  const selected = selection && Math.min(selection.end, duration) > selection.start ? { start: selection.start, end: Math.min(selection.end, duration) } : null;
  const addSelection = () => {
    if (!selected) return;
    setRanges((r) => [...r, selected]);
    onSelectionUsed?.();
    create.reset();
  };

  const addRange = () => {
    if (start === null || !canEnd) return;
    setRanges((r) => [...r, { start, end: Math.min(time, duration) }]);
    setStart(null);
    create.reset();
  };

  return (
    <Card aria-labelledby="clip-heading">
      <CardHeader
        title="Make a clip"
        titleId="clip-heading"
        description="Drag along the timeline's ruler to select a range, or move the playhead (play, or click the timeline) and mark where a range starts and ends; ranges are joined in the order you add them."
      />
      <div className="space-y-3 px-5 py-4">
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="secondary" onClick={() => setStart(Math.min(time, Math.max(0, duration - 0.1)))} data-testid="clip-mark-start">
            Start at {formatClock(time)}
          </Button>
          <Button size="sm" variant="secondary" onClick={addRange} disabled={!canEnd} data-testid="clip-mark-end">
            End at {formatClock(time)}
          </Button>
          {start !== null && (
            <span className="text-xs text-zinc-500" role="status">
              Range starts at {formatClock(start)}; move on and mark its end.
            </span>
          )}
        </div>
        {selected && (
          <div className="flex flex-wrap items-center gap-2 rounded-md bg-accent-50 px-2 py-1.5 text-sm" data-testid="clip-selection">
            <span className="text-accent-800">
              Selected on the timeline:{" "}
              <span className="font-mono tabular-nums">
                {formatClock(selected.start)}–{formatClock(selected.end)}
              </span>{" "}
              ({(selected.end - selected.start).toFixed(1)} s)
            </span>
            <Button size="sm" variant="secondary" onClick={addSelection} data-testid="clip-add-selection">
              Add this range
            </Button>
          </div>
        )}
        {ranges.length > 0 && (
          <ol className="space-y-1 text-sm" aria-label="Ranges of the clip">
            {ranges.map((r, i) => (
              <li key={i} className="flex items-center justify-between gap-2 rounded-md bg-zinc-50 px-2 py-1" data-testid="clip-range">
                <button type="button" className="font-mono text-zinc-800 tabular-nums hover:underline" onClick={() => store.seek(r.start)}>
                  {i + 1}. {formatClock(r.start)}–{formatClock(r.end)}
                </button>
                <Button size="sm" variant="ghost" onClick={() => setRanges((all) => all.filter((_, j) => j !== i))} aria-label={`Remove range ${i + 1}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ol>
        )}
        <div className="flex flex-wrap items-end gap-2">
          <label htmlFor={titleId} className="min-w-0 flex-1 text-sm">
            <span className="mb-1 block text-zinc-600">Title (optional)</span>
            <input
              id={titleId}
              value={title}
              maxLength={255}
              onChange={(e) => setTitle(e.target.value)}
              placeholder={`${name} (clip)`}
              className="w-full rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 text-sm text-zinc-900"
            />
          </label>
          <Button
            size="sm"
            disabled={ranges.length === 0}
            busy={create.isPending}
            onClick={() => create.mutate({ job_id: jobId, ranges, ...(title.trim() ? { title: title.trim() } : {}) })}
            data-testid="clip-create"
          >
            Make clip
          </Button>
        </div>
        {create.isError && <Alert tone="error">{errorDetail(create.error)}</Alert>}
        {made && (
          <p className="text-sm text-emerald-800" role="status" data-testid="clip-made">
            Clip queued.{" "}
            <Link href={`/clips?clip=${made}`} className="font-medium underline underline-offset-2">
              Open your clips
            </Link>
          </p>
        )}
      </div>
    </Card>
  );
}
