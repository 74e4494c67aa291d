// One hit: the moment's frame (from the video's storyboard; the video's thumbnail without one) with
// its time on it, the module, the time range, how similar it is, and the text with the query's
// words marked. The whole row opens the results page with the player at the hit.
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { moduleColour, moduleLabel } from "@/lib/pipeline/modules/registry";
import { MomentThumbnail } from "@/components/results/moment-thumbnail";
import { VideoThumbnail } from "@/components/videos/video-thumbnail";
import type { SearchResult } from "@/hooks/queries/search";
import { useStoryboard } from "@/hooks/queries/storyboard";
import type { Video } from "@/hooks/queries/videos";
import { Highlight } from "./highlight";
import { AboutVideoDetails } from "./about-video";
import { hitHref } from "./search-params";
import { formatClock } from "@/lib/core/clock";

export function formatSimilarity(value: number): string {
  return value.toFixed(2);
}

function SimilarityMeter({ value }: { value: number }) {
  const pct = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <span className="inline-flex items-center gap-1.5 text-xs text-zinc-500" data-testid="hit-similarity">
      <span className="relative h-1.5 w-10 overflow-hidden rounded-full bg-zinc-200" aria-hidden="true">
        <span className="absolute inset-y-0 left-0 rounded-full bg-accent-500" style={{ width: `${pct}%` }} />
      </span>
      <span className="tabular-nums">Similarity {formatSimilarity(value)}</span>
    </span>
  );
}

/** A strip along the thumbnail's foot: the whole video, and the moment on it. */
function MomentBar({ start, end, duration, module }: { start: number; end: number; duration: number; module: string }) {
  const left = Math.min(100, Math.max(0, (start / duration) * 100));
  const width = Math.min(100 - left, Math.max(3, ((end - start) / duration) * 100));
  return (
    <span className="absolute inset-x-0 bottom-0 h-1 bg-zinc-900/50" data-testid="hit-position">
      <span className={cn("absolute inset-y-0", moduleColour(module).dot)} style={{ left: `${left}%`, width: `${width}%` }} />
    </span>
  );
}

/** The time whose frame stands for a hit: inside it, near its start (where the link opens the player). */
export function momentFrameTime(start: number, end: number): number {
  return start + Math.min(Math.max(0, end - start) / 2, 2);
}

/** `aboutInline`: unfold the video's summary under its best hit (a search over several videos). */
export function SearchHit({ hit, video, query, aboutInline = false }: { hit: SearchResult; video?: Video; query: string; aboutInline?: boolean }) {
  const storyboard = useStoryboard(video?.status === "completed" ? video.thumbnail_url : null);
  const label = moduleLabel(hit.module);
  const videoName = video?.name ?? "Untitled video";
  const text = hit.content.trim();
  return (
    <li data-testid="search-hit" data-module={hit.module} data-job-id={hit.job_id} data-start={hit.start_time}>
      <Link
        href={hitHref(hit.job_id, hit.start_time, hit.module)}
        className="flex gap-3 px-4 py-3 outline-offset-[-2px] hover:bg-zinc-50 sm:gap-4 sm:px-5"
      >
        {/* The moment's frame (the video's thumbnail until a storyboard exists), with where in the
            video the moment lies. */}
        <span className="relative shrink-0 self-start overflow-hidden rounded-md" aria-hidden="true">
          <MomentThumbnail
            storyboard={storyboard.data}
            time={momentFrameTime(hit.start_time, hit.end_time)}
            boxAspect={16 / 9}
            className="aspect-video w-24 rounded-md sm:w-36"
            fallback={
              // While the storyboard loads, a blank (not the whole video's thumbnail, then a swap).
              storyboard.isLoading ? (
                <span className="block aspect-video w-24 rounded-md bg-zinc-100 sm:w-36" />
              ) : (
                <VideoThumbnail url={video?.thumbnail_url} className="aspect-video w-24 sm:w-36" />
              )
            }
          />
          <span className="absolute right-1 bottom-2 rounded bg-zinc-900/80 px-1 font-mono text-[11px] leading-4 font-medium text-white tabular-nums">
            {formatClock(hit.start_time)}
          </span>
          {video && video.duration > 0 && <MomentBar start={hit.start_time} end={hit.end_time} duration={video.duration} module={hit.module} />}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Badge tone="gray">
              <span className={cn("size-1.5 rounded-full", moduleColour(hit.module).dot)} aria-hidden="true" />
              <span data-testid="hit-module">{label}</span>
            </Badge>
            <span className="text-xs text-zinc-500 tabular-nums" data-testid="hit-time">
              {formatClock(hit.start_time)}–{formatClock(hit.end_time)}
            </span>
            <SimilarityMeter value={hit.similarity} />
          </span>
          <span className="mt-1 line-clamp-3 block text-sm break-words text-zinc-900">
            {text ? <Highlight text={text} query={query} /> : <span className="text-zinc-500">(no text)</span>}
          </span>
          <span className="mt-0.5 block truncate text-xs text-zinc-500">{videoName}</span>
        </span>
      </Link>
      {aboutInline && hit.about_video && <AboutVideoDetails about={hit.about_video} />}
    </li>
  );
}
