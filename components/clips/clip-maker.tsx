"use client";
// On a video's results page: the clip's ranges (dragged out on the timeline's ruler, or marked at
// the playhead: click the timeline or a segment to move it, then mark where a range starts and
// ends), its title, and the button that cuts them into one clip (POST /clips).
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { usePlayerValue, type PlayerStore } from "@/components/results/player-store";
import { errorDetail } from "@/lib/browser/api-client";
import { formatClock } from "@/lib/core/clock";
import { ClipMadeStatus, type ClipDraft } from "./clip-draft";

const round = (t: number) => Math.round(t * 100) / 100;

export function ClipMaker({ duration, name, store, draft }: { duration: number; name: string; store: PlayerStore; draft: ClipDraft }) {
  const titleId = useId();
  const time = usePlayerValue(store, (s) => round(s.time));
  const [start, setStart] = useState<number | null>(null);
  const canEnd = start !== null && time > start;

  const addRange = () => {
    if (start === null || !canEnd) return;
    draft.add({ start, end: Math.min(time, duration) });
    setStart(null);
  };

  return (
    <Card aria-labelledby="clip-heading">
      <CardHeader
        title="Make a clip"
        titleId="clip-heading"
        description={
          <>
            <span className="pointer-coarse:hidden">{"Drag along the timeline's ruler"}</span>
            <span className="hidden pointer-coarse:inline">{"Touch and drag along the timeline's ruler"}</span> to add a range (each drag adds one), or move the
            playhead (play, or tap the timeline) and mark where a range starts and ends; ranges are joined in the order you add them.
          </>
        }
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
        {draft.ranges.length > 0 && (
          <ol className="space-y-1 text-sm" aria-label="Ranges of the clip">
            {draft.ranges.map((r, i) => (
              <li key={i} className="flex items-center justify-between gap-2 rounded-md bg-zinc-50 px-2 py-1" data-testid="clip-range">
                <button type="button" className="font-mono text-zinc-800 tabular-nums hover:underline" onClick={() => store.seek(r.start)}>
                  {i + 1}. {formatClock(r.start)}–{formatClock(r.end)}
                </button>
                <Button size="sm" variant="ghost" onClick={() => draft.remove(i)} aria-label={`Remove range ${i + 1}`}>
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
              value={draft.title}
              maxLength={255}
              onChange={(e) => draft.setTitle(e.target.value)}
              placeholder={`${name} (clip)`}
              className="w-full rounded-md border border-zinc-300 bg-white px-2.5 py-1.5 text-sm text-zinc-900"
            />
          </label>
          <Button size="sm" disabled={draft.ranges.length === 0} busy={draft.create.isPending} onClick={draft.make} data-testid="clip-create">
            Make clip
          </Button>
        </div>
        {draft.create.isError && <Alert tone="error">{errorDetail(draft.create.error)}</Alert>}
        {draft.clipId && <ClipMadeStatus clipId={draft.clipId} />}
      </div>
    </Card>
  );
}
