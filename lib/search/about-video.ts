// Whole-video summaries (video_reasoning's `kind: "summary"` segment, offline or a model's) are
// not moments: they would match nearly every query and push a real moment down. Search leaves
// them out of its hits (unless only video_reasoning is asked for) and hands each video's summary
// once, on that video's best hit, as `about_video` — "About this video" on the search page.
import type { Db } from "@/db/client";
import { reasoningAtStart, type Candidate } from "@/db/queries/search";

export interface AboutVideo {
  segment_id: string;
  content: string;
}

function kindOf(metadata: string | null): unknown {
  try {
    const m = JSON.parse(metadata ?? "null");
    return m && typeof m === "object" ? (m as { kind?: unknown }).kind : undefined;
  } catch {
    return undefined;
  }
}

export function isWholeVideoSummary(c: Pick<Candidate, "module" | "metadata">): boolean {
  return c.module === "video_reasoning" && kindOf(c.metadata) === "summary";
}

/** Whether a search over `modules` leaves whole-video summaries out of its hits (all but a search of video_reasoning alone). */
export function leavesOutSummaries(modules: readonly string[] | undefined): boolean {
  return !(modules?.length && modules.every((m) => m === "video_reasoning"));
}

/** Each video's summary, by job id. */
export async function videoSummaries(db: Db, params: { userId: string; jobIds: readonly string[] }): Promise<Map<string, AboutVideo>> {
  const out = new Map<string, AboutVideo>();
  for (const c of await reasoningAtStart(db, { userId: params.userId, jobIds: [...new Set(params.jobIds)] })) {
    if (isWholeVideoSummary(c) && !out.has(c.jobId)) out.set(c.jobId, { segment_id: c.id, content: c.content });
  }
  return out;
}
