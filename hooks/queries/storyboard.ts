// A video's storyboard (moment previews): its WebVTT thumbnails track, fetched and parsed once per
// video, and the size of its sprite (loaded here, so a preview never shows a half-loaded sheet).
//
// The track's URL is derived from the video's thumbnail_url – the same playback token opens both –
// rather than carried as a field of the VideoResponse (see README, "Decisions where the contract is
// silent"). No storyboard (a run before storyboards existed, no video stream, a failed rendering)
// is `null`: callers fall back to the video's thumbnail or show nothing.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { toThisOrigin } from "@/lib/browser/upload";
import { parseStoryboardVtt, type StoryboardCue } from "@/lib/playback/storyboard-vtt";

export interface StoryboardFrame extends StoryboardCue {
  /** The natural size of the cue's image (the whole sprite). */
  sheetWidth: number;
  sheetHeight: number;
}

export interface Storyboard {
  /** In time order; `url` is fetchable from this origin. */
  cues: StoryboardFrame[];
}

const THUMBNAIL_PATH = "/api/playback/thumbnail/";
const STORYBOARD_PATH = "/api/playback/storyboard/";

/** The storyboard track's URL for a video's thumbnail_url (same token); null for anything else. */
export function storyboardUrlFor(thumbnailUrl: string | null | undefined): string | null {
  if (!thumbnailUrl || !thumbnailUrl.includes(THUMBNAIL_PATH)) return null;
  return thumbnailUrl.replace(THUMBNAIL_PATH, STORYBOARD_PATH);
}

function imageSize(url: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null);
    img.onerror = () => resolve(null);
    img.src = url;
  });
}

async function loadStoryboard(url: string, signal: AbortSignal): Promise<Storyboard | null> {
  const res = await fetch(toThisOrigin(url), { signal });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`The storyboard could not be loaded (HTTP ${res.status})`);
  const cues = parseStoryboardVtt(await res.text()).map((c) => ({ ...c, url: toThisOrigin(c.url) }));
  const sizes = new Map<string, { width: number; height: number } | null>();
  await Promise.all([...new Set(cues.map((c) => c.url))].map(async (u) => sizes.set(u, await imageSize(u))));
  const frames: StoryboardFrame[] = [];
  for (const c of cues) {
    const size = sizes.get(c.url);
    if (size && c.x + c.w <= size.width && c.y + c.h <= size.height) frames.push({ ...c, sheetWidth: size.width, sheetHeight: size.height });
  }
  return frames.length ? { cues: frames } : null;
}

export const storyboardQueries = {
  all: () => ["storyboard"] as const,
  track: (url: string) =>
    queryOptions({
      // The URL holds the token, which changes at most hourly: at most one fetch per video an hour.
      queryKey: [...storyboardQueries.all(), url],
      queryFn: ({ signal }) => loadStoryboard(url, signal),
      // A run makes the same storyboard of the same file: nothing to refresh.
      staleTime: Infinity,
      gcTime: 30 * 60_000,
      retry: 1,
    }),
};

/**
 * The storyboard of the video with this thumbnail_url. Pass it only once a run has completed
 * (`status === "completed" ? thumbnail_url : null`): before that there is none to fetch.
 */
export function useStoryboard(thumbnailUrl: string | null | undefined) {
  const url = storyboardUrlFor(thumbnailUrl);
  return useQuery({ ...storyboardQueries.track(url ?? ""), enabled: url !== null });
}
