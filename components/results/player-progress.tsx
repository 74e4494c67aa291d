"use client";
// The player's progress bar with chapter marks: how far the video has played, a mark where each
// chapter begins (its title on hover and for screen readers), and a click anywhere seeks there.
// The native controls keep their own bar; this one is the video's chapters at a glance.
import { cn } from "@/components/ui/cn";
import { formatClock } from "@/lib/core/clock";
import { usePlayerValue, type PlayerStore } from "./player-store";

export interface ChapterMark {
  start: number;
  end: number;
  title: string;
}

export function PlayerProgress({ store, chapters, duration }: { store: PlayerStore; chapters: readonly ChapterMark[]; duration: number }) {
  const total = usePlayerValue(store, (s) => s.duration) || duration || chapters[chapters.length - 1]?.end || 0;
  // Re-render per 0.25 s of playback, not per frame.
  const quarter = usePlayerValue(store, (s) => Math.floor(s.time * 4));
  if (!(total > 0) || !chapters.length) return null;
  const played = Math.min(100, ((quarter / 4) / total) * 100);
  const at = (t: number) => `${Math.min(100, (t / total) * 100)}%`;
  return (
    <div className="bg-zinc-950 px-3 pb-2.5 pt-1.5" data-testid="player-progress">
      <div
        className="relative h-2 w-full cursor-pointer rounded-full bg-zinc-700"
        role="group"
        aria-label={`Progress, ${chapters.length} ${chapters.length === 1 ? "chapter" : "chapters"}`}
        onClick={(e) => {
          const r = e.currentTarget.getBoundingClientRect();
          if (r.width > 0) store.seek(((e.clientX - r.left) / r.width) * total);
        }}
      >
        <div className="absolute inset-y-0 left-0 rounded-full bg-accent-500" style={{ width: `${played}%` }} />
        {chapters.map((c, i) =>
          i === 0 ? null : (
            <button
              key={`${c.start}-${i}`}
              type="button"
              data-testid="player-chapter-mark"
              title={`${formatClock(c.start)} ${c.title}`}
              aria-label={`Chapter ${i + 1} at ${formatClock(c.start)}: ${c.title}`}
              onClick={(e) => {
                e.stopPropagation();
                store.seek(c.start);
              }}
              style={{ left: at(c.start) }}
              className={cn("absolute -top-1 h-4 w-1.5 -translate-x-1/2 rounded-sm bg-white shadow ring-1 ring-zinc-900 hover:bg-accent-200")}
            />
          ),
        )}
      </div>
    </div>
  );
}
