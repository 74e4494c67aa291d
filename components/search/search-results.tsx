"use client";
// What is under the search form: a start hint before the first search, "Searching…", the
// server's words when the search failed, an empty result with ways to widen it, or the hits.
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { LoadingBlock, Spinner } from "@/components/ui/spinner";
import { UploadLink } from "@/components/upload/upload-link";
import type { SearchResult } from "@/hooks/queries/search";
import type { Video } from "@/hooks/queries/videos";
import { errorDetail, isApiClientError } from "@/lib/browser/api-client";
import { MAX_SEARCH_LIMIT, type SearchState } from "./search-params";
import { AboutVideoCard } from "./about-video";
import { SearchHit } from "./search-hit";
import { MakeClipButton } from "./make-clip-button";

const searchIcon = (
  <svg viewBox="0 0 24 24" className="mx-auto mb-3 size-8 text-zinc-300" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" aria-hidden="true">
    <path d="m20 20-4.2-4.2M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13Z" />
  </svg>
);

export interface SearchOutcome {
  data: SearchResult[] | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  /** Hits of the same query with other filters, shown while the new ones load. */
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

export function SearchResults({
  state,
  outcome,
  videosById,
  hasVideos,
  onWiden,
  onShowMore,
}: {
  state: SearchState;
  outcome: SearchOutcome;
  videosById: Map<string, Video>;
  /** False once the list of videos says there is no completed one. */
  hasVideos: boolean;
  onWiden: (change: { threshold?: number; clearFilters?: boolean }) => void;
  onShowMore: () => void;
}) {
  if (!state.query) {
    return (
      <EmptyState
        icon={searchIcon}
        title="Find a moment in your videos"
        text="Search what is said, shown and written on screen. Each hit opens the video at that moment."
        narrow
        action={!hasVideos && <UploadLink />}
      />
    );
  }

  const { data } = outcome;
  if (outcome.isError && !outcome.isFetching) {
    // A refusal (4xx) will not change by asking again; a link to a video that is gone can widen.
    const refused = isApiClientError(outcome.error) && outcome.error.status >= 400 && outcome.error.status < 500;
    const videoGone = isApiClientError(outcome.error, 404) && !!state.videoId;
    return (
      <Alert
        tone="error"
        title="The search failed"
        action={
          videoGone ? (
            <Button size="sm" variant="secondary" onClick={() => onWiden({ clearFilters: true })}>
              Search all videos
            </Button>
          ) : refused ? undefined : (
            <Button size="sm" variant="secondary" onClick={() => outcome.refetch()}>
              Try again
            </Button>
          )
        }
      >
        <span data-testid="search-error">{errorDetail(outcome.error)}</span>
        {videoGone && <span className="mt-0.5 block text-red-700">The video this search names may have been deleted, or it belongs to another account.</span>}
      </Alert>
    );
  }
  if (!data) return <LoadingBlock label="Searching…" />;

  if (data.length === 0) {
    const lower = roundDown(state.threshold - 0.2);
    const narrowed = !!state.videoId || state.modules.length > 0;
    return (
      <EmptyState
        icon={searchIcon}
        title={<>No moments match “{state.query}”</>}
        titleTestId="search-empty"
        text={
          hasVideos
            ? `Nothing reached a similarity of ${state.threshold.toFixed(2)}${narrowed ? " with these filters" : ""}. Try other words, or widen the search.`
            : "You have no analysed videos to search yet."
        }
        narrow
        action={
          <>
            {hasVideos && state.threshold > 0 && (
              <Button size="sm" variant="secondary" onClick={() => onWiden({ threshold: lower })} busy={outcome.isFetching}>
                Lower the minimum to {lower.toFixed(2)}
              </Button>
            )}
            {narrowed && (
              <Button size="sm" variant="secondary" onClick={() => onWiden({ clearFilters: true })}>
                Search all videos and modules
              </Button>
            )}
            {!hasVideos && <UploadLink />}
          </>
        }
      />
    );
  }

  const videoCount = new Set(data.map((h) => h.job_id)).size;
  const about = videoCount === 1 ? data.find((h) => h.about_video) : undefined;
  const canShowMore = data.length >= state.limit && state.limit < MAX_SEARCH_LIMIT;
  return (
    <section aria-labelledby="search-results-heading" aria-busy={outcome.isFetching || undefined}>
      <div className="mb-2 flex items-center justify-between gap-3 px-1">
        <h2 id="search-results-heading" className="text-sm font-medium text-zinc-700">
          {data.length} {data.length === 1 ? "moment" : "moments"} in {videoCount} {videoCount === 1 ? "video" : "videos"}
          <span className="font-normal text-zinc-500"> · best first</span>
        </h2>
        <span className="flex items-center gap-3">
          {outcome.isFetching && (
            <span className="flex items-center gap-1.5 text-xs text-zinc-500">
              <Spinner className="size-3.5" />
              Updating…
            </span>
          )}
          <MakeClipButton query={state.query} jobId={state.videoId || undefined} modules={state.modules} threshold={state.threshold} hits={data.length} />
        </span>
      </div>
      {about?.about_video && <AboutVideoCard about={about.about_video} videoName={videosById.get(about.job_id)?.name} />}
      <ul
        className={cn(
          "divide-y divide-zinc-100 overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs transition-opacity",
          outcome.isPlaceholderData && "opacity-60",
        )}
        aria-label="Search results"
      >
        {data.map((hit) => (
          <SearchHit key={hit.id} hit={hit} video={videosById.get(hit.job_id)} query={state.query} aboutInline={videoCount > 1} />
        ))}
      </ul>
      {canShowMore && (
        <div className="mt-3 text-center">
          <Button variant="secondary" size="sm" onClick={onShowMore} busy={outcome.isFetching}>
            Show more results
          </Button>
        </div>
      )}
    </section>
  );
}

function roundDown(t: number): number {
  return Math.max(0, Math.round(t * 20) / 20);
}
