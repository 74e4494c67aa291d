// A correction reaches the video's summary: the offline summary (video_reasoning, extractive) is
// made of the other modules' segments, so when one of them changes its words, the summary is made
// again from the stored segments as they are now — the same function the pipeline runs — and its
// rows replaced (and embedded), so "What is this video about?", the summary and search quote the
// corrected line. A model's summary is left as written (it would take a model call per edit), and
// so is a summary the owner corrected by hand.
import type { Db } from "@/db/client";
import { deleteSegments, insertSegments, listSegments, type SegmentRow } from "@/db/queries/segments";
import type { DigestInput, SegmentLike } from "@/lib/analysis/text/digest";
import { embedJobSegments } from "@/lib/search/embed-segments";
import { summaryOffline } from "@/lib/pipeline/modules/video-reasoning/run";

/** The modules whose words the offline summary is made of. */
export const SUMMARY_SOURCES: ReadonlySet<string> = new Set(["transcription", "visualelements", "logos"]);

function metaOf(r: Pick<SegmentRow, "metadata">): Record<string, unknown> {
  try {
    const m = JSON.parse(r.metadata ?? "null");
    return m && typeof m === "object" ? (m as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const like = (r: SegmentRow): SegmentLike => ({ start_time: r.startTime, end_time: r.endTime, content: r.content, metadata: metaOf(r) });

/** Makes the video's offline summary again from its stored segments; false when it has none to remake. */
export async function refreshOfflineSummary(db: Db, params: { userId: string; jobId: string; videoId: string; duration: number }): Promise<boolean> {
  const rows = await listSegments(db, { userId: params.userId, jobId: params.jobId });
  const reasoning = rows.filter((r) => r.module === "video_reasoning");
  const summary = reasoning.find((r) => metaOf(r).kind === "summary");
  if (!summary || metaOf(summary).method !== "extractive_summary" || reasoning.some((r) => r.edited)) return false;
  const of = (module: string) => rows.filter((r) => r.module === module).map(like);
  const input: DigestInput = {
    duration: params.duration,
    shots: of("shots"),
    scenes: of("scenes"),
    transcript: of("transcription"),
    visual: of("visualelements"),
    logos: of("logos"),
  };
  const drafts = await summaryOffline(input);
  await deleteSegments(db, { userId: params.userId, jobId: params.jobId, module: "video_reasoning" });
  await insertSegments(
    db,
    drafts.map((d) => ({
      videoId: params.videoId,
      jobId: params.jobId,
      userId: params.userId,
      module: "video_reasoning",
      startTime: d.start_time,
      endTime: d.end_time,
      content: d.content,
      metadata: JSON.stringify(d.metadata),
    })),
  );
  await embedJobSegments(db, { userId: params.userId, jobId: params.jobId });
  return true;
}
