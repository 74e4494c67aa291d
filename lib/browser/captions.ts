import { item } from "@/lib/core/item";
// The captions track of a video: its URL is the video's thumbnail_url with /thumbnail/ replaced by
// /captions/ (the same playback token opens both, as for the storyboard), and it exists when the
// video has transcription segments.
const THUMBNAIL_PATH = "/api/playback/thumbnail/";
const CAPTIONS_PATH = "/api/playback/captions/";

export function captionsUrlFor(thumbnailUrl: string | null | undefined, hasTranscript: boolean): string | null {
  if (!hasTranscript || !thumbnailUrl || !thumbnailUrl.includes(THUMBNAIL_PATH)) return null;
  return thumbnailUrl.replace(THUMBNAIL_PATH, CAPTIONS_PATH);
}

/**
 * The track's URL for the transcript as it stands: `v` is the sum of the lines' revisions, which
 * every correction or restore raises, so the player loads the track again after one.
 */
export function captionsUrlAt(url: string | null, segments: readonly { module: string; revision?: number }[]): string | null {
  if (!url) return null;
  const version = segments.reduce((n, s) => n + (s.module === "transcription" ? (s.revision ?? 0) : 0), 0);
  return version > 0 ? `${url}${url.includes("?") ? "&" : "?"}v=${version}` : url;
}

/** The cue being spoken at `t`: the last one started by then and not yet over (else none). */
export function currentCueIndex(cues: readonly { start_time: number; end_time: number }[], t: number): number {
  let lo = 0;
  let hi = cues.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (item(cues, mid).start_time <= t) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 && t < item(cues, found).end_time ? found : -1;
}
