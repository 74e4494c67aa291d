// The results views of one video, all from one read of its segments.
import type { Db } from "@/db/client";
import { listSegments } from "@/db/queries/segments";
import { MODULE_NAMES, type ModuleName } from "@/lib/pipeline/modules/registry";
import { toSegmentResponse, type SegmentResponse } from "@/lib/schemas/results";
import { requireVideo } from "@/lib/videos/video-ops";
import { chaptersOf, toChapterResponse } from "@/lib/chapters/get-chapters";
import { attachment, fileStem, toCsv, toSrt, toVtt } from "@/lib/schemas/formats";

export const SCENE_GROUPING_MODULES = ["scenes", "shots", "grouped_shots", "video_reasoning"] as const;

async function load(db: Db, params: { userId: string; jobId: string; modules?: readonly string[] }) {
  const video = await requireVideo(db, params);
  const rows = await listSegments(db, params);
  return { video, rows, segments: rows.map(toSegmentResponse) };
}

export function groupByModule(segments: SegmentResponse[], modules: readonly string[]): Record<string, SegmentResponse[]> {
  const out: Record<string, SegmentResponse[]> = {};
  for (const m of modules) out[m] = [];
  for (const s of segments) (out[s.module] ??= []).push(s);
  return out;
}

export async function getSegments(db: Db, params: { userId: string; jobId: string; module?: ModuleName }) {
  return (await load(db, { ...params, modules: params.module ? [params.module] : undefined })).segments;
}

export async function getJobResults(db: Db, params: { userId: string; jobId: string }) {
  const { video, segments } = await load(db, params);
  return {
    ...groupByModule(segments, MODULE_NAMES),
    job_id: video.jobId,
    video_name: video.name,
    duration: video.duration,
    status: video.status,
    processing_time: video.processingTime,
    segments,
  };
}

export async function getAggregatedResults(db: Db, params: { userId: string; jobId: string }) {
  const { video, segments } = await load(db, params);
  const present = MODULE_NAMES.filter((m) => segments.some((s) => s.module === m) || video.selectedInsights.includes(m));
  return { job_id: video.jobId, video_name: video.name, status: video.status, total_segments: segments.length, modules: groupByModule(segments, present) };
}

export async function getSceneGrouping(db: Db, params: { userId: string; jobId: string }) {
  const { video, segments } = await load(db, { ...params, modules: SCENE_GROUPING_MODULES });
  return { job_id: video.jobId, video_name: video.name, total_segments: segments.length, modules: groupByModule(segments, SCENE_GROUPING_MODULES) };
}

export async function combinedReport(db: Db, params: { userId: string; jobId: string }): Promise<Response> {
  const { video, rows, segments } = await load(db, params);
  const chapters = await chaptersOf(db, { video, segments: rows });
  const body = {
    job_id: video.jobId,
    video_name: video.name,
    duration: video.duration,
    status: video.status,
    generated_at: new Date().toISOString().replace(/Z$/, ""),
    modules: groupByModule(segments, []),
    chapters: chapters.map(toChapterResponse),
  };
  return new Response(JSON.stringify(body, null, 2), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Content-Disposition": attachment(`${fileStem(video.name)}-report.json`) },
  });
}

const FORMAT_TYPES = { json: "application/json", csv: "text/csv", srt: "application/x-subrip", vtt: "text/vtt" } as const;

export async function moduleReport(
  db: Db,
  params: { userId: string; jobId: string; module: ModuleName; format: keyof typeof FORMAT_TYPES },
): Promise<Response> {
  const { video, segments } = await load(db, { ...params, modules: [params.module] });
  const body =
    params.format === "csv" ? toCsv(segments)
    : params.format === "srt" ? toSrt(segments)
    : params.format === "vtt" ? toVtt(segments)
    : JSON.stringify(segments, null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": `${FORMAT_TYPES[params.format]}; charset=utf-8`,
      "Content-Disposition": attachment(`${fileStem(video.name)}-${params.module}.${params.format}`),
    },
  });
}
