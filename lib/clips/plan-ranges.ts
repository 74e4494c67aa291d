// Turns a clip request into the ranges to cut: given ranges of one video (checked against its
// duration), or the top hits of a search, each padded and clamped to its video. 400 `{detail}`
// for anything out of bounds, 404 `Video not found` for a video that is not the caller's.
import type { Db } from "@/db/client";
import type { ClipRange } from "@/db/schema";
import { getVideoByJobId } from "@/db/queries/videos";
import { badRequest, notFound } from "@/lib/core/errors";
import {
  DEFAULT_CLIP_PADDING,
  DEFAULT_CLIP_SEARCH_HITS,
  MAX_CLIP_RANGES,
  MAX_CLIP_SECONDS,
  type CreateClipBody,
} from "@/lib/schemas/clips";
import { searchSegments } from "@/lib/search/search-segments";
import { item } from "@/lib/core/item";

export interface PlannedClip {
  title: string;
  ranges: ClipRange[];
  duration: number;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

function checkTotal(ranges: ClipRange[]): number {
  if (ranges.length > MAX_CLIP_RANGES) throw badRequest(`ranges: must be at most ${MAX_CLIP_RANGES} items`);
  const total = round(ranges.reduce((s, r) => s + (r.end - r.start), 0));
  if (total > MAX_CLIP_SECONDS) throw badRequest(`ranges: must add up to at most ${MAX_CLIP_SECONDS / 60} minutes (got ${total} s)`);
  return total;
}

async function videoOf(db: Db, userId: string, jobId: string) {
  const video = await getVideoByJobId(db, { userId, jobId });
  if (!video) throw notFound("Video");
  return video;
}

async function fromRanges(db: Db, userId: string, body: CreateClipBody): Promise<PlannedClip> {
  const video = await videoOf(db, userId, body.job_id!);
  if (video.status === "importing" || !(video.duration > 0)) throw badRequest("job_id: the video has no file to cut yet");
  const ranges = body.ranges!.map((r, i) => {
    if (!(r.start < r.end)) throw badRequest(`ranges[${i}]: start must be before end`);
    if (r.end > video.duration + 1e-6) throw badRequest(`ranges[${i}].end: must be at most the video's duration (${round(video.duration)} s)`);
    return { job_id: video.jobId, start: round(r.start), end: round(Math.min(r.end, video.duration)) };
  });
  return { title: body.title ?? `${video.name} (clip)`, ranges, duration: checkTotal(ranges) };
}

/**
 * A reel shows each moment once: ranges of one video that overlap or touch (a line found by
 * transcription and by on-screen text, hits padded into each other) become one range, at the place
 * of the best-ranked of them.
 */
export function mergeOverlapping(ranges: ClipRange[]): ClipRange[] {
  const out: ClipRange[] = [];
  for (const r of ranges) {
    // Ranges in `out` never overlap: whatever overlaps the union overlaps `r` itself.
    const hit = out.map((o, i) => (o.job_id === r.job_id && o.start <= r.end && r.start <= o.end ? i : -1)).filter((i) => i >= 0);
    if (!hit.length) {
      out.push({ ...r });
      continue;
    }
    const joined = hit.map((i) => item(out, i));
    out[hit[0] ?? 0] = { job_id: r.job_id, start: Math.min(r.start, ...joined.map((o) => o.start)), end: Math.max(r.end, ...joined.map((o) => o.end)) };
    for (const i of hit.slice(1).reverse()) out.splice(i, 1);
  }
  return out;
}

async function fromSearch(db: Db, userId: string, body: CreateClipBody, signal?: AbortSignal): Promise<PlannedClip> {
  const search = body.search!;
  const hits = await searchSegments(db, {
    userId,
    query: search.query,
    jobIds: search.job_ids,
    projectId: search.project_id,
    modules: search.modules,
    limit: body.limit ?? DEFAULT_CLIP_SEARCH_HITS,
    threshold: search.threshold,
    signal,
  });
  const padding = body.padding_s ?? DEFAULT_CLIP_PADDING;
  const durations = new Map<string, number>();
  let ranges: ClipRange[] = [];
  for (const hit of hits) {
    if (!durations.has(hit.job_id)) durations.set(hit.job_id, (await videoOf(db, userId, hit.job_id)).duration);
    const duration = durations.get(hit.job_id)!;
    const start = round(Math.max(0, hit.start_time - padding));
    const end = round(Math.min(duration, hit.end_time + padding));
    if (end > start) ranges.push({ job_id: hit.job_id, start, end });
  }
  ranges = mergeOverlapping(ranges);
  if (!ranges.length) throw badRequest("search: no segment matched the query (try a lower threshold or another query)");
  return { title: body.title ?? `Highlights: ${search.query}`.slice(0, 255), ranges, duration: checkTotal(ranges) };
}

export function planClip(db: Db, userId: string, body: CreateClipBody, signal?: AbortSignal): Promise<PlannedClip> {
  return body.search ? fromSearch(db, userId, body, signal) : fromRanges(db, userId, body);
}
