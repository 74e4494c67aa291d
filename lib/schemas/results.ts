// Segments, results and reports.
import { z } from "zod";
import type { SegmentRow } from "@/db/queries/segments";
import { defineEndpoint } from "@/lib/schemas/contract";
import { chapterResponse } from "./chapters";
import { timestamp } from "./common";
import { isoTime } from "@/lib/core/iso-time";
import { jobIdParams, moduleName } from "./videos";

export const segmentResponse = z
  .object({
    id: z.string(),
    job_id: z.string(),
    module: z.string(),
    content: z.string(),
    start_time: z.number(),
    end_time: z.number(),
    metadata: z.string().nullable(),
    created_at: timestamp,
    edited: z
      .boolean()
      .optional()
      .describe("Present once the owner has changed the segment (PATCH /videos/{job_id}/segments/{segment_id}): true while it holds the owner's words, false after the machine's original (revision 0) was restored"),
    revision: z.number().int().optional().describe("Present with `edited`: the segment's current revision (1, 2, …; 0 is the machine's original)"),
  })
  .meta({ id: "Segment" });

export type SegmentResponse = z.infer<typeof segmentResponse>;

/** A segment as the API shows it; `edited` and `revision` only on segments the owner has changed,
 * so the machine's untouched segments keep the contract's exact shape. */
export function toSegmentResponse(s: SegmentRow): SegmentResponse {
  return {
    id: s.id,
    job_id: s.jobId,
    module: s.module,
    content: s.content,
    start_time: s.startTime,
    end_time: s.endTime,
    metadata: s.metadata,
    created_at: isoTime(s.createdAt),
    ...(s.revision > 0 ? { edited: s.edited, revision: s.revision } : {}),
  };
}

const modulesMap = z.record(z.string(), z.array(segmentResponse));

export const resultsResponse = z
  .object({
    job_id: z.string(),
    video_name: z.string(),
    duration: z.number(),
    status: z.string(),
    processing_time: z.number().nullable(),
    segments: z.array(segmentResponse),
  })
  .catchall(z.array(segmentResponse))
  .meta({ id: "Results" });

export const aggregatedResponse = z.object({
  job_id: z.string(),
  video_name: z.string(),
  status: z.string(),
  total_segments: z.number().int(),
  modules: modulesMap,
});

export const sceneGroupingResponse = z.object({
  job_id: z.string(),
  video_name: z.string(),
  total_segments: z.number().int(),
  modules: modulesMap,
});

export const combinedReportResponse = z
  .object({
    job_id: z.string(),
    video_name: z.string(),
    duration: z.number(),
    status: z.string(),
    generated_at: timestamp.describe("When this file was made"),
    modules: modulesMap.describe("Every segment, by module"),
    chapters: z.array(chapterResponse).describe("The video's chapters (as GET /videos/{job_id}/chapters)"),
  })
  .meta({ id: "CombinedReport" });

export const segmentsQuery = z.object({ module: moduleName.optional() });
export const reportQuery = z.object({ module: moduleName, format: z.enum(["json", "csv", "srt", "vtt"]).default("json") });

const tag = "Results";
export const resultsApi = {
  segments: defineEndpoint({ method: "GET", path: "/videos/{job_id}/segments", tag, summary: "Segments ordered by start_time (module filter)", auth: "required", params: jobIdParams, query: segmentsQuery, response: z.array(segmentResponse) }),
  clearSegments: defineEndpoint({ method: "DELETE", path: "/videos/{job_id}/segments", tag, summary: "Delete all segments; the video goes back to uploaded", auth: "required", params: jobIdParams, response: z.object({ ok: z.literal(true), message: z.string() }) }),
  job: defineEndpoint({ method: "GET", path: "/results/job/{job_id}", tag, summary: "All results of a video, also keyed by module", auth: "required", params: jobIdParams, response: resultsResponse }),
  aggregated: defineEndpoint({ method: "GET", path: "/aggregated_results/{job_id}", tag, summary: "Results grouped by module", auth: "required", params: jobIdParams, response: aggregatedResponse }),
  sceneGrouping: defineEndpoint({ method: "GET", path: "/scene_grouping/{job_id}", tag, summary: "Scenes, shots, grouped shots and reasoning", auth: "required", params: jobIdParams, response: sceneGroupingResponse }),
  combinedReport: defineEndpoint({ method: "GET", path: "/download/combined-report/{job_id}", tag, summary: "Download every segment as one JSON file", auth: "required", params: jobIdParams, response: combinedReportResponse }),
  report: defineEndpoint({ method: "GET", path: "/download/report/{job_id}", tag, summary: "Download one module's segments as a file: `format` json (application/json, the segments), csv (text/csv), srt (application/x-subrip) or vtt (text/vtt)", auth: "required", params: jobIdParams, query: reportQuery, response: z.array(segmentResponse), produces: ["text/csv", "application/x-subrip", "text/vtt"] }),
};
