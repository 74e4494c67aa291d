// Adding modules to a finished video (`POST /videos/{job_id}/process` with `keep_other_results`)
// keeps the other modules' segments. A module the run needs but was not asked to run (shots under
// scenes) is then not run again: its kept segments stand in for its result.
import type { Db } from "@/db/client";
import { listSegments } from "@/db/queries/segments";
import type { ModuleResult, SegmentDraft } from "./types";

function metadataOf(text: string | null): SegmentDraft["metadata"] {
  try {
    const v = JSON.parse(text ?? "") as unknown;
    if (v && typeof v === "object" && !Array.isArray(v)) return v as SegmentDraft["metadata"];
  } catch {
    // not JSON: an empty record below
  }
  return { provider: "local" };
}

/**
 * The stored result of `module` when an earlier run's machine output of it is still there (only an
 * additive run keeps it: every other run clears the segments of the modules it does not select,
 * except the owner's corrections, which alone are no whole result); null when it must run.
 */
export async function keptModuleResult(db: Db, params: { userId: string; jobId: string; module: string }): Promise<ModuleResult | null> {
  const rows = await listSegments(db, { userId: params.userId, jobId: params.jobId, modules: [params.module] });
  if (!rows.some((r) => !r.edited)) return null;
  return {
    segments: rows.map((r) => ({ start_time: r.startTime, end_time: r.endTime, content: r.content, metadata: metadataOf(r.metadata) })),
    notes: [],
    data: null,
  };
}
