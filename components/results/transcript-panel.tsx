"use client";
// The transcript beside the player: the transcription segments in time order, the one being
// spoken marked and kept in view as the video plays, a click on a line seeks there. The same cues
// are the player's captions track (/playback/captions/…).
import { useEffect, useMemo, useRef } from "react";
import { Card, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import type { Segment } from "@/hooks/queries/segments";
import { currentCueIndex } from "@/lib/browser/captions";
import { usePlayerValue, type PlayerStore } from "./player-store";
import { formatClock } from "@/lib/core/clock";

export function TranscriptPanel({ segments, store }: { segments: readonly Segment[]; store: PlayerStore }) {
  const cues = useMemo(
    () => segments.filter((s) => s.module === "transcription").sort((a, b) => a.start_time - b.start_time || a.end_time - b.end_time),
    [segments],
  );
  const current = usePlayerValue(store, (s) => currentCueIndex(cues, s.time));
  const listRef = useRef<HTMLOListElement | null>(null);

  useEffect(() => {
    const list = listRef.current;
    const item = current >= 0 ? list?.querySelector<HTMLElement>(`[data-cue="${current}"]`) : null;
    if (!list || !item) return;
    // Scroll the list only (never the page): keep the spoken line in its upper third.
    const top = item.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTo({ top: Math.max(0, top - list.clientHeight / 3), behavior: "smooth" });
    }
  }, [current]);

  if (!cues.length) return null;
  return (
    <Card aria-labelledby="transcript-heading">
      <CardHeader title="Transcript" titleId="transcript-heading" description="Follows the video; click a line to play from there." />
      <ol ref={listRef} className="relative max-h-72 overflow-y-auto border-t border-zinc-100 py-1" data-testid="transcript-panel">
        {cues.map((c, i) => (
          <li key={c.id} data-cue={i} aria-current={i === current ? "true" : undefined}>
            <button
              type="button"
              onClick={() => store.seek(c.start_time)}
              className={cn(
                "flex w-full gap-3 px-5 py-1.5 text-left text-sm hover:bg-zinc-50",
                i === current ? "bg-accent-50/70 text-zinc-900" : "text-zinc-700",
              )}
            >
              <span className="shrink-0 font-mono text-xs leading-5 text-accent-700 tabular-nums">{formatClock(c.start_time)}</span>
              <span className="min-w-0 break-words">{c.content}</span>
            </button>
          </li>
        ))}
      </ol>
    </Card>
  );
}
