// What a run can read of its video: the probe, and for a damaged or truncated file the part that is
// really there. A file that ends early is analysed up to where it ends (with a note saying so, and
// the video's `duration` set to that); a file of which nothing can be read fails the run in words.
import { UNREADABLE_VIDEO, UserFacingError } from "@/lib/core/public-error";
import { formatClock } from "@/lib/core/clock";
import { probeMedia, type MediaInfo } from "@/lib/media/probe";
import { readableEnd } from "@/lib/media/readable-extent";

/** Less than this readable is no video to analyse. */
const MIN_READABLE_SECONDS = 0.1;

export interface ReadableMedia {
  /** The probe, its `duration` cut to the readable part. */
  media: MediaInfo;
  /** The duration the file declares, when its data ends before it; else null. */
  declaredDuration: number | null;
}

/** "0:00.8", "1:02.5": a time to the nearest tenth (as the page rounds the duration), for an end that is rarely a whole second. */
function clockTenths(seconds: number): string {
  const tenths = Math.round(seconds * 10);
  return `${formatClock(tenths / 10, { padMinutes: false })}.${tenths % 10}`;
}

export async function probeReadable(file: string, signal?: AbortSignal): Promise<ReadableMedia> {
  const media = await probeMedia(file).catch(() => {
    throw new UserFacingError(UNREADABLE_VIDEO);
  });
  const end = await readableEnd(file, media, signal);
  if (media.duration > 0 && end < MIN_READABLE_SECONDS) throw new UserFacingError(UNREADABLE_VIDEO);
  if (end >= media.duration) return { media, declaredDuration: null };
  return { media: { ...media, duration: end }, declaredDuration: media.duration };
}

/** The run note of a file that ends before its declared duration. */
export function truncationNote(media: MediaInfo, declaredDuration: number): string {
  return (
    `The file ends at ${clockTenths(media.duration)} of a declared ${formatClock(declaredDuration, { padMinutes: false })}: ` +
    "it is damaged or was not uploaded completely, so the results cover only that part. Upload the complete file to analyse the rest."
  );
}

/** A decode pass that found no picture at all: nothing of the video can be analysed. */
export function assertFramesDecoded(media: MediaInfo, frameCount: number): void {
  if (media.video && frameCount === 0) throw new UserFacingError(UNREADABLE_VIDEO);
}
