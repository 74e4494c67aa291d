// "About this video": a video's whole-video summary, which search keeps apart from the moments
// (SearchResult.about_video, on the video's best hit). Over one video it stands above the hits;
// over several, each video's best hit can unfold it.
import type { SearchResult } from "@/hooks/queries/search";
import { item } from "@/lib/core/item";

/** The summary's overview: its first paragraph (offline summaries list their key moments after it). */
export function aboutOverview(about: NonNullable<SearchResult["about_video"]>): string {
  return item(about.content.split(/\n\s*\n/), 0).trim();
}

export function AboutVideoCard({ about, videoName }: { about: NonNullable<SearchResult["about_video"]>; videoName?: string }) {
  return (
    <section aria-label="About this video" data-testid="search-about" className="mb-3 rounded-xl border border-zinc-200 bg-zinc-50 px-4 py-3 sm:px-5">
      <h3 className="text-sm font-medium text-zinc-700">
        About this video{videoName && <span className="font-normal text-zinc-500"> · {videoName}</span>}
      </h3>
      <p className="mt-1 text-sm break-words text-zinc-700">{aboutOverview(about)}</p>
    </section>
  );
}

export function AboutVideoDetails({ about }: { about: NonNullable<SearchResult["about_video"]> }) {
  return (
    <details data-testid="search-about" className="px-4 pb-3 text-sm sm:px-5">
      <summary className="cursor-pointer text-xs font-medium text-zinc-600 hover:text-zinc-900">About this video</summary>
      <p className="mt-1 break-words text-zinc-700">{aboutOverview(about)}</p>
    </details>
  );
}
