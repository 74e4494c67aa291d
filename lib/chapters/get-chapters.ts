// A video's chapters: made from its segments (plan-chapters.ts; titles offline from key phrases,
// or by the configured chat model) and stored, so an owner's edits to titles and summaries last.
// The stored set records a fingerprint of the segments it was made from (ids, revisions, times)
// and of the titling model; when those change (a new run, a corrected transcript line), the
// chapters are made again and the owner's edited titles carry over to the new chapter at the same
// times. While a run is in flight, chapters are computed offline and not stored.
import crypto from "node:crypto";
import type { Db } from "@/db/client";
import { getVideoChapters, listSegmentVectors, saveVideoChapters } from "@/db/queries/chapters";
import { listSegments, type SegmentRow } from "@/db/queries/segments";
import type { StoredChapter, Video } from "@/db/schema";
import { getModelEndpoint } from "@/lib/ai/provider";
import { offlineTitles } from "./key-phrases";
import { modelTitles } from "./model-titles";
import { chapterSpan, planChapters } from "./plan-chapters";
import { item } from "@/lib/core/item";

/** The modules chapters are made from. */
export const CHAPTER_MODULES = ["scenes", "shots", "transcription", "visualelements"] as const;

export interface ChapterResponse {
  index: number;
  start: number;
  end: number;
  title: string;
  summary?: string;
  edited: boolean;
}

export function toChapterResponse(c: StoredChapter): ChapterResponse {
  return { index: c.index, start: c.start, end: c.end, title: c.title, ...(c.summary ? { summary: c.summary } : {}), edited: c.edited };
}

function fingerprintOf(video: Video, segments: readonly SegmentRow[], vectors: ReadonlyMap<string, unknown>): string {
  const h = crypto.createHash("sha256");
  h.update(`${chapterSpan(video.duration, segments)}|${getModelEndpoint("chat")?.model ?? "local"}\n`);
  for (const s of segments) h.update(`${s.id}:${s.revision}:${s.startTime}:${s.endTime}:${vectors.has(s.id) ? "v" : "-"}\n`);
  return h.digest("hex").slice(0, 32);
}

/** The earlier edited chapter that stands for the same stretch (overlapping half of the longer). */
function sameStretch(a: { start: number; end: number }, b: { start: number; end: number }): boolean {
  const overlap = Math.min(a.end, b.end) - Math.max(a.start, b.start);
  return overlap > 0 && overlap >= Math.max(a.end - a.start, b.end - b.start) / 2;
}

async function makeChapters(segments: readonly SegmentRow[], vectors: ReadonlyMap<string, number[]>, video: Video, withModel: boolean): Promise<StoredChapter[]> {
  const planned = planChapters(video.duration, segments, vectors);
  const offline = offlineTitles(planned);
  const fromModel = withModel ? await modelTitles(planned) : null;
  return planned.map((c, index) => ({
    index,
    start: c.start,
    end: c.end,
    title: fromModel?.titles[index]?.title ?? item(offline, index).title,
    summary: fromModel ? item(fromModel.titles, index).summary : item(offline, index).summary,
    source: fromModel ? "openai" : "local",
    edited: false,
  }));
}

/**
 * The video's chapters, stored ones when they are still those of its segments. `store: false`
 * (a run in flight) computes offline titles without storing; `store: true` always stores.
 */
export async function chaptersOf(
  db: Db,
  params: { video: Video; segments?: readonly SegmentRow[]; store?: boolean },
): Promise<StoredChapter[]> {
  const { video } = params;
  const all = params.segments ?? (await listSegments(db, { userId: video.userId, jobId: video.jobId, modules: CHAPTER_MODULES }));
  const segments = all.filter((s) => (CHAPTER_MODULES as readonly string[]).includes(s.module));
  const store = params.store ?? !["queued", "processing"].includes(video.status);
  // The sentence vectors of what is said and shown: where the topic changes.
  const vectors = await listSegmentVectors(db, { userId: video.userId, jobId: video.jobId, modules: ["transcription", "visualelements"] });
  const fingerprint = fingerprintOf(video, segments, vectors);
  const stored = await getVideoChapters(db, { userId: video.userId, videoId: video.id });
  if (stored && stored.fingerprint === fingerprint) return stored.chapters;
  const fresh = await makeChapters(segments, vectors, video, store);
  if (!store) return fresh;
  const edited = (stored?.chapters ?? []).filter((c) => c.edited);
  const chapters = fresh.map((c) => {
    const before = edited.find((e) => sameStretch(e, c));
    return before ? { ...c, title: before.title, summary: before.summary, edited: true } : c;
  });
  await saveVideoChapters(db, { userId: video.userId, videoId: video.id, jobId: video.jobId, fingerprint, chapters });
  return chapters;
}
