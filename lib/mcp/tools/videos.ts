// list_videos, get_video and process_video: the caller's videos, read and queued through the same
// lib operations (and ownership checks) as GET /videos, GET /videos/{job_id},
// POST /videos/register-and-process and (for a URL) POST /videos/import.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { badRequest } from "@/lib/core/errors";
import { listSegments } from "@/db/queries/segments";
import type { Video } from "@/db/schema";
import { VIDEO_STATUSES } from "@/lib/core/video-statuses";
import { isoTime } from "@/lib/core/iso-time";
import { DEFAULT_MODULES, MODULE_NAMES } from "@/lib/pipeline/modules/registry";
import { moduleName } from "@/lib/schemas/videos";
import { startImport } from "@/lib/imports/start-import";
import { registerAndProcess } from "@/lib/videos/register-and-process";
import { listUserVideos, requireVideo } from "@/lib/videos/video-ops";
import { momentLink, type McpContext } from "../context";
import { jsonResult, runTool } from "../tool-result";

const SUMMARY_CHARS = 1200;

function modulesOf(v: Video): string[] {
  return v.selectedInsights;
}

function briefOf(ctx: McpContext, v: Video) {
  return {
    job_id: v.jobId,
    name: v.name,
    status: v.status,
    duration: v.duration,
    project_id: v.projectId,
    modules: modulesOf(v),
    created_at: isoTime(v.createdAt),
    link: momentLink(ctx, v.jobId, 0).replace(/\?t=0$/, ""),
  };
}

export function registerVideoTools(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "list_videos",
    {
      title: "List videos",
      description:
        "List the caller's videos, newest first: job_id, name, status (uploaded, queued, processing, completed, failed), duration in seconds, project_id, selected modules and a link. Use a job_id from here with the other tools.",
      inputSchema: {
        status: z.enum(VIDEO_STATUSES).optional().describe("Only videos in this status"),
        project_id: z.string().max(64).optional().describe("Only videos of this project"),
      },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      runTool("list_videos", async () => {
        const videos = await listUserVideos(ctx.db, { userId: ctx.user.user_id, projectId: args.project_id, status: args.status });
        return jsonResult(videos.map((v) => briefOf(ctx, v)));
      }),
  );

  server.registerTool(
    "get_video",
    {
      title: "Get a video",
      description:
        "One video: status (and error when failed), duration, selected modules, how many segments each module produced, and a short summary (the video_reasoning digest, when it ran). Call it to check whether processing has completed before reading results.",
      inputSchema: { job_id: z.string().max(64).describe("The video's job_id (from list_videos)") },
      annotations: { readOnlyHint: true },
    },
    (args) =>
      runTool("get_video", async () => {
        const v = await requireVideo(ctx.db, { userId: ctx.user.user_id, jobId: args.job_id });
        const segments = await listSegments(ctx.db, { userId: ctx.user.user_id, jobId: v.jobId });
        const counts: Record<string, number> = {};
        for (const s of segments) counts[s.module] = (counts[s.module] ?? 0) + 1;
        const digest = segments.filter((s) => s.module === "video_reasoning").map((s) => s.content).join("\n");
        return jsonResult({
          ...briefOf(ctx, v),
          error: v.error,
          file_size: v.fileSize,
          processing_time: v.processingTime,
          segment_counts: counts,
          summary: digest ? (digest.length > SUMMARY_CHARS ? `${digest.slice(0, SUMMARY_CHARS)}…` : digest) : null,
        });
      }),
  );

  server.registerTool(
    "process_video",
    {
      title: "Process a video (an uploaded file or a URL)",
      description:
        "Queue a video's analysis with the given modules, from either storage_path (a file already uploaded to the caller's storage, e.g. `users/<user_id>/clip.mp4`, or just its file name) or url (an http(s) address the server fetches, like POST /videos/import) — exactly one of the two. Returns the job_id and status (`queued`, or `importing` while a URL is fetched); a storage_path that already is one of the caller's videos is refused with an error naming that video's job_id (its results are kept); follow it with get_video until status is completed or failed.",
      inputSchema: {
        storage_path: z.string().min(1).max(1024).optional().describe("The uploaded file's path in storage, or its file name"),
        url: z.string().min(1).max(2048).optional().describe("An http(s) address of a video file for the server to fetch"),
        modules: z.array(moduleName).max(MODULE_NAMES.length).optional().describe(`Modules to run, of ${MODULE_NAMES.join(", ")} (default: ${DEFAULT_MODULES.join(", ")})`),
        file_name: z.string().max(255).optional().describe("Display name (default: the file name)"),
        project_id: z.string().max(64).optional().describe("With url: the project the video joins"),
      },
    },
    (args) =>
      runTool("process_video", async () => {
        if ((args.storage_path === undefined) === (args.url === undefined)) throw badRequest("Give exactly one of storage_path and url");
        if (args.url !== undefined) {
          const video = await startImport(ctx.db, {
            userId: ctx.user.user_id,
            url: args.url,
            fileName: args.file_name,
            modules: args.modules?.length ? args.modules : [...DEFAULT_MODULES],
            projectId: args.project_id,
          });
          return jsonResult({ job_id: video.jobId, status: "importing", modules: modulesOf(video), message: "Importing: the file is fetched, then processed" });
        }
        const queued = await registerAndProcess(ctx.db, {
          userId: ctx.user.user_id,
          storagePath: args.storage_path!,
          fileName: args.file_name,
          modules: args.modules,
        });
        return jsonResult({ job_id: queued.jobId, status: queued.status, modules: modulesOf(queued), message: "Video registered and processing queued" });
      }),
  );
}
