// The moments an answer cites. About one video, answers cite `[01:23]` (the chat page seeks its
// player). Over a project, the context labels each video V1, V2… and the model cites `[V2 01:23]`;
// such a stamp becomes a Markdown link that names the video and opens it at that time:
// `[Kitchen tour 01:23](/videos/<job_id>?t=83)`. `citations` lists every cited moment with its
// video, in order of appearance, for API clients.
import { formatClock } from "@/lib/core/clock";
import type { VideoRef } from "./retrieve";
import { item } from "@/lib/core/item";

export interface Citation {
  job_id: string;
  video_name: string;
  /** Seconds from the start of the video. */
  start_time: number;
}

const CLOCK = String.raw`(?:\d{1,2}:)?\d{1,2}:\d{2}`;
/** [01:23], [1:02:03], [01:23–01:30] (the start is cited). */
const PLAIN = new RegExp(String.raw`\[(${CLOCK})(?:\s*[–-]\s*${CLOCK})?\](?!\()`, "g");
/** [V2 01:23] / [V2 01:23–01:30]. */
const LABELLED = new RegExp(String.raw`\[(V\d+)\s+(${CLOCK})(?:\s*[–-]\s*${CLOCK})?\](?!\()`, "g");
/** [Name 01:23](/videos/<job_id>?t=83) — links written by linkCitations. */
const LINKED = /\]\(\/videos\/([0-9a-f-]{36})\?t=(\d+(?:\.\d+)?)\)/g;

export function clockSeconds(clock: string): number {
  return clock.split(":").reduce((t, part) => t * 60 + Number(part), 0);
}

/** The app's page of a video, opened at `seconds` (to a tenth: the cited segment's own start). */
export function videoHref(jobId: string, seconds: number): string {
  return `/videos/${jobId}?t=${Math.max(0, Math.round(seconds * 10) / 10)}`;
}

/** A Markdown citation of a moment of a video in a multi-video answer. */
export function linkedStamp(video: VideoRef, seconds: number): string {
  const name = video.name.replace(/[[\]\\*_`]/g, " ").replace(/\s+/g, " ").trim() || "video";
  return `[${name} ${formatClock(seconds)}](${videoHref(video.jobId, seconds)})`;
}

/** Labelled stamps ([V2 01:23]) become links naming their video; unknown labels stay as written. */
export function linkCitations(text: string, videos: readonly VideoRef[]): string {
  const byLabel = new Map(videos.filter((v) => v.label).map((v) => [v.label!, v]));
  return text.replace(LABELLED, (whole, label: string, clock: string) => {
    const video = byLabel.get(label);
    return video ? linkedStamp(video, clockSeconds(clock)) : whole;
  });
}

/** Every cited moment of an answer, in order of appearance (duplicates kept once). */
export function citationsOf(text: string, videos: readonly VideoRef[]): Citation[] {
  const found: { at: number; c: Citation }[] = [];
  const byJob = new Map(videos.map((v) => [v.jobId, v]));
  for (const m of text.matchAll(LINKED)) {
    const v = byJob.get(m[1]!);
    if (v) found.push({ at: m.index!, c: { job_id: v.jobId, video_name: v.name, start_time: Number(m[2]) } });
  }
  if (videos.length === 1) {
    const v = item(videos, 0);
    for (const m of text.matchAll(PLAIN)) found.push({ at: m.index!, c: { job_id: v.jobId, video_name: v.name, start_time: clockSeconds(m[1]!) } });
  }
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.at - b.at)
    .map((f) => f.c)
    .filter((c) => {
      const key = `${c.job_id}@${c.start_time}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
