"use client";
// The video's chapters under the player: a strip of chapter marks (each part as wide as its
// chapter; a click plays from its start) and the chapter list, the current chapter marked. The
// owner can rename a chapter in place (Enter saves, Escape cancels); edited titles are marked.
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { InlineEditInput } from "@/components/ui/inline-edit";
import { cn } from "@/components/ui/cn";
import { useChapters, useEditChapter, type Chapter } from "@/hooks/queries/chapters";
import { errorDetail } from "@/lib/browser/api-client";
import { formatClock } from "@/lib/core/clock";
import { usePlayerValue, type PlayerStore } from "./player-store";
import { item } from "@/lib/core/item";

function currentChapter(chapters: readonly Chapter[], t: number): number {
  return chapters.findIndex((c, i) => t >= c.start && (t < c.end || i === chapters.length - 1));
}

/** The owner's chapters of `jobId`, or (a shared report) the `chapters` given, read-only. */
export function ChaptersPanel({
  jobId,
  store,
  editable = true,
  chapters: given,
}: {
  jobId: string;
  store: PlayerStore;
  editable?: boolean;
  chapters?: readonly Chapter[];
}) {
  const chapters = useChapters(jobId, { enabled: given === undefined });
  const list = given ?? chapters.data ?? [];
  const canEdit = editable && given === undefined;
  const current = usePlayerValue(store, (s) => currentChapter(list, s.time));
  if (!list.length) return null;
  const total = item(list, list.length - 1).end || 1;
  return (
    <Card aria-labelledby="chapters-heading">
      <CardHeader title="Chapters" titleId="chapters-heading" description="Made from the scenes, what is said and what is shown. Click one to play it." />
      <div className="px-5 pt-4">
        <div className="flex h-3 w-full overflow-hidden rounded-full bg-zinc-100" data-testid="chapter-marks" role="group" aria-label="Chapter marks">
          {list.map((c, i) => (
            <button
              key={c.index}
              type="button"
              title={`${formatClock(c.start)} ${c.title}`}
              aria-label={`Play chapter ${i + 1} from ${formatClock(c.start)}: ${c.title}`}
              onClick={() => store.play(c.start)}
              style={{ width: `${((c.end - c.start) / total) * 100}%` }}
              className={cn(
                "h-full border-r-2 border-white last:border-r-0 hover:bg-accent-400",
                i === current ? "bg-accent-600" : "bg-accent-200",
              )}
            />
          ))}
        </div>
      </div>
      <ol className="py-2" data-testid="chapter-list">
        {list.map((c, i) => (
          <ChapterItem key={c.index} jobId={jobId} chapter={c} current={i === current} editable={canEdit} showEdited={given === undefined} onPlay={() => store.play(c.start)} />
        ))}
      </ol>
    </Card>
  );
}

function ChapterItem({
  jobId,
  chapter,
  current,
  editable,
  showEdited,
  onPlay,
}: {
  jobId: string;
  chapter: Chapter;
  current: boolean;
  editable: boolean;
  /** The owner sees which titles they changed; a shared report's reader does not. */
  showEdited: boolean;
  onPlay: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const edit = useEditChapter(jobId);
  return (
    <li aria-current={current ? "true" : undefined} className={cn("px-5 py-1.5 text-sm", current && "bg-accent-50/70")}>
      <div className="flex items-start gap-3">
        <span className="shrink-0 font-mono text-xs leading-5 text-accent-700 tabular-nums">{formatClock(chapter.start)}</span>
        {editing ? (
          <InlineEditInput
            initial={chapter.title}
            label={`Title of the chapter at ${formatClock(chapter.start)}`}
            busy={edit.isPending}
            onSave={(title) => edit.mutate({ index: chapter.index, title }, { onSuccess: () => setEditing(false) })}
            onCancel={() => {
              edit.reset();
              setEditing(false);
            }}
          />
        ) : (
          <button type="button" onClick={onPlay} className="min-w-0 flex-1 text-left break-words text-zinc-800 hover:underline">
            <span className="font-medium">{chapter.title}</span>
            {showEdited && chapter.edited && (
              <Badge tone="amber" className="ml-2 align-middle">
                edited
              </Badge>
            )}
            {chapter.summary && <span className="block text-xs text-zinc-600">{chapter.summary}</span>}
          </button>
        )}
        {editable && !editing && (
          <Button size="sm" variant="ghost" className="h-6 px-1.5 text-xs" onClick={() => setEditing(true)} aria-label={`Rename the chapter at ${formatClock(chapter.start)}`}>
            Rename
          </Button>
        )}
      </div>
      {edit.isError && (
        <p role="alert" className="mt-1 ml-12 text-xs text-red-700">
          {errorDetail(edit.error)}
        </p>
      )}
    </li>
  );
}
