// Registers a stored file as a new video and queues it in one call: behind
// POST /videos/register-and-process and the MCP tool process_video. A file that already is one of
// the caller's videos is refused (409 with that video's job_id): a second registration never
// changes or re-runs the first video — only process/reprocess of that job do.
import type { Db } from "@/db/client";
import type { Video } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";
import type { ModuleName } from "@/lib/pipeline/modules/registry";
import { queueProcessing } from "./queue-processing";
import { registerUpload } from "./register-upload";

export interface RegisterAndProcessOptions {
  userId: string;
  storagePath: string;
  fileName?: string;
  modules?: ModuleName[];
  initialPrompt?: string;
}

/** The 409 of a file that is already the video `jobId`: names it in the detail and in `job_id`. */
export function alreadyRegistered(jobId: string): ApiError {
  const detail = `This file is already registered as video ${jobId}; its results are kept. Process or reprocess that video to run it again`;
  return new ApiError(409, detail, {}, { job_id: jobId });
}

export async function registerAndProcess(db: Db, opts: RegisterAndProcessOptions): Promise<Video> {
  const { video, alreadyExists } = await registerUpload(db, {
    userId: opts.userId,
    filePath: opts.storagePath,
    fileName: opts.fileName,
    modules: opts.modules,
    initialPrompt: opts.initialPrompt,
  });
  if (alreadyExists) throw alreadyRegistered(video.jobId);
  return queueProcessing(db, {
    userId: opts.userId,
    jobId: video.jobId,
    kind: "process",
    modules: opts.modules,
    initialPrompt: opts.initialPrompt,
  });
}
