// The chapters endpoints: list, edit one (title, summary), and the WebVTT chapters track.
import type { Db } from "@/db/client";
import { getVideoChapters, saveVideoChapters } from "@/db/queries/chapters";
import { badRequest, notFound } from "@/lib/core/errors";
import { attachment, clock, fileStem } from "@/lib/schemas/formats";
import { requireVideo } from "@/lib/videos/video-ops";
import { chaptersOf, toChapterResponse } from "./get-chapters";

export async function listChapters(db: Db, params: { userId: string; jobId: string }) {
  const video = await requireVideo(db, params);
  return (await chaptersOf(db, { video })).map(toChapterResponse);
}

/** A chapter's index from the path: a whole number, else a chapter that does not exist. */
function indexOf(raw: string): number {
  return /^\d{1,6}$/.test(raw) ? Number(raw) : -1;
}

export async function editChapter(db: Db, params: { userId: string; jobId: string; index: string; title?: string; summary?: string | null }) {
  // Another user's video is 404 whatever the body (never revealing that it exists), then the body.
  const video = await requireVideo(db, params);
  if (params.title === undefined && params.summary === undefined) throw badRequest("body: give title or summary (or both)");
  const index = indexOf(params.index);
  // Made and stored first (a model call may happen here), then changed under the row's lock.
  const current = await chaptersOf(db, { video, store: true });
  if (!current.some((c) => c.index === index)) throw notFound("Chapter");
  return db.transaction(async (tx) => {
    const row = await getVideoChapters(tx, { userId: params.userId, videoId: video.id, forUpdate: true });
    const chapters = row?.chapters ?? current;
    const target = chapters.find((c) => c.index === index);
    if (!row || !target) throw notFound("Chapter");
    const changed = {
      ...target,
      ...(params.title !== undefined ? { title: params.title } : {}),
      ...(params.summary !== undefined ? { summary: params.summary?.trim() || null } : {}),
      edited: true,
    };
    await saveVideoChapters(tx, {
      userId: params.userId,
      videoId: video.id,
      jobId: video.jobId,
      fingerprint: row.fingerprint,
      chapters: chapters.map((c) => (c.index === index ? changed : c)),
    });
    return toChapterResponse(changed);
  });
}

/** Cue text: one line, no cue arrow, `&` `<` `>` escaped. */
function cueLine(text: string): string {
  return text.replace(/\s+/g, " ").trim().replace(/-->/g, "->").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;") || " ";
}

export function toChaptersVtt(chapters: readonly { index: number; start: number; end: number; title: string }[]): string {
  const cues = chapters.map((c) => `chapter-${c.index + 1}\n${clock(c.start, ".")} --> ${clock(c.end, ".")}\n${cueLine(c.title)}\n`);
  return `WEBVTT\n\n${cues.join("\n")}`;
}

export async function chaptersVtt(db: Db, params: { userId: string; jobId: string }): Promise<Response> {
  const video = await requireVideo(db, params);
  const chapters = await chaptersOf(db, { video });
  return new Response(toChaptersVtt(chapters), {
    headers: {
      "Content-Type": "text/vtt; charset=utf-8",
      "Content-Disposition": attachment(`${fileStem(video.name)}-chapters.vtt`).replace(/^attachment/, "inline"),
      "Cache-Control": "private, no-cache",
    },
  });
}
