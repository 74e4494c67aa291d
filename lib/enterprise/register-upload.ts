// enterprise registerUpload: the video row is created now (status `uploaded`, duration and size 0)
// with a presigned upload URL for `users/<uid>/<sanitized name>`; `process` probes the file once it
// is there (enterprise/process-upload.ts).
import crypto from "node:crypto";
import type { Db } from "@/db/client";
import { getProject } from "@/db/queries/projects";
import { getVideoByStoragePath, insertVideo } from "@/db/queries/videos";
import { notFound } from "@/lib/core/errors";
import { presignUpload } from "@/lib/storage/presign-upload";
import { isSupportedExtension, sanitizeFilename, withUniqueSuffix } from "@/lib/storage/paths";
import { parseSelectedInsights } from "@/lib/videos/queue-processing";

export const ENTERPRISE_UPLOAD_EXPIRES_IN = 3600;
const ATTEMPTS = 5;

export async function registerEnterpriseUpload(
  db: Db,
  opts: { userId: string; name: string; selectedInsights?: string; initialPrompt?: string; projectId?: string; contentType?: string },
): Promise<{ job_id: string; upload_url: string }> {
  const modules = parseSelectedInsights(opts.selectedInsights) ?? [];
  if (opts.projectId !== undefined && !(await getProject(db, { userId: opts.userId, projectId: opts.projectId }))) {
    throw notFound("Project");
  }
  // `name` is a display name: the stored file gets .mp4 unless the name already ends in a video extension.
  const base = sanitizeFilename(isSupportedExtension(opts.name) ? opts.name : `${opts.name}.mp4`);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const fileName = attempt ? withUniqueSuffix(base, crypto.randomBytes(3).toString("hex")) : base;
    const upload = await presignUpload(db, {
      userId: opts.userId,
      fileName,
      contentType: opts.contentType ?? "video/mp4",
      expiresIn: ENTERPRISE_UPLOAD_EXPIRES_IN,
    });
    // presignUpload avoids names taken in storage; one registered but not uploaded yet is taken here.
    if (await getVideoByStoragePath(db, { userId: opts.userId, storagePath: upload.file_path })) continue;
    try {
      const video = await insertVideo(db, {
        userId: opts.userId,
        jobId: crypto.randomUUID(),
        projectId: opts.projectId ?? null,
        name: opts.name,
        storagePath: upload.file_path,
        duration: 0,
        fileSize: 0,
        status: "uploaded",
        selectedInsights: modules,
        initialPrompt: opts.initialPrompt ?? null,
      });
      return { job_id: video.jobId, upload_url: upload.upload_url };
    } catch (err) {
      // A concurrent registration took the same name: try another.
      if (!(await getVideoByStoragePath(db, { userId: opts.userId, storagePath: upload.file_path }))) throw err;
    }
  }
  throw new Error(`no free storage name for ${base}`);
}
