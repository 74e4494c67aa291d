// A video row as the API shows it: the schema's fields plus ready-made playback URLs, whose
// signed tokens make this server-only (the schema itself stays browser-safe).
import type { z } from "zod";
import type { Video } from "@/db/schema";
import type { VideoStatus } from "@/lib/core/video-statuses";
import { playbackUrls } from "@/lib/auth/playback-token";
import { isoTime } from "@/lib/core/iso-time";
import type { videoResponse } from "@/lib/schemas/videos";

export function toVideoResponse(v: Video): z.infer<typeof videoResponse> {
  return {
    id: v.id,
    user_id: v.userId,
    job_id: v.jobId,
    project_id: v.projectId,
    name: v.name,
    description: v.description,
    status: v.status as VideoStatus,
    // The contract sends the list as JSON text.
    selected_insights: JSON.stringify(v.selectedInsights),
    duration: v.duration,
    file_size: v.fileSize,
    processing_time: v.processingTime,
    storage_path: v.storagePath,
    error: v.error,
    created_at: isoTime(v.createdAt),
    updated_at: isoTime(v.updatedAt),
    ...playbackUrls(v.jobId),
  };
}
