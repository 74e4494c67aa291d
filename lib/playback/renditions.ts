// Playback renditions made by every run: a thumbnail and an HLS stream, stored under
// results/<user_id>/<job_id>/.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { ffmpegPath, runTool } from "@/lib/media/ffmpeg";
import { getStorage } from "@/lib/storage";
import type { SharedMedia } from "@/lib/analysis/shared-media";
import { resultsPrefix } from "@/lib/storage/derived-files";

export const thumbnailKey = (userId: string, jobId: string) => `${resultsPrefix(userId, jobId)}thumbnail.jpg`;
export const hlsPrefix = (userId: string, jobId: string) => `${resultsPrefix(userId, jobId)}hls/`;
export const hlsManifestKey = (userId: string, jobId: string) => `${hlsPrefix(userId, jobId)}index.m3u8`;

interface RenditionParams {
  shared: SharedMedia;
  userId: string;
  jobId: string;
}

export async function renderThumbnail({ shared, userId, jobId }: RenditionParams): Promise<{ key: string } | null> {
  if (!shared.media.video) return null;
  // A tenth into the video skips black leaders and title fades. The decode pass's still there,
  // made 640 px wide (a JPEG of ≤ 960 px: a few milliseconds), else a frame found by seeking.
  const t = Math.min(shared.media.duration * 0.1, 10);
  const still = await shared.stillNear(t, [t - 1, t + 1]);
  const key = thumbnailKey(userId, jobId);
  if (still && fs.existsSync(still.file)) {
    // A name of its own: a step retried or replayed beside itself (Inngest) never shares the file.
    const file = path.join(shared.workDir, `thumbnail-${crypto.randomUUID()}.jpg`);
    try {
      await runTool(ffmpegPath(), ["-v", "error", "-y", "-i", still.file, "-vf", "scale='min(640,iw)':-2", "-q:v", "3", file]);
      await getStorage().putFile(key, file, "image/jpeg");
    } finally {
      fs.rmSync(file, { force: true });
    }
  } else await getStorage().putFile(key, await shared.keyframe(t, 640), "image/jpeg");
  return { key };
}

/**
 * HLS for browser playback: H.264 sources are only re-packaged (no re-encode); anything else is
 * transcoded once to H.264/AAC at up to 720p.
 */
export async function renderHls({ shared, userId, jobId }: RenditionParams): Promise<{ key: string; transcoded: boolean } | null> {
  const v = shared.media.video;
  if (!v) return null;
  // A directory of its own: a step retried or replayed beside itself (Inngest runs the graph's
  // parallel steps as separate calls) never deletes the segments another attempt is storing.
  const outDir = path.join(shared.workDir, `hls-${crypto.randomUUID()}`);
  fs.mkdirSync(outDir, { recursive: true });
  try {
    return await packageHls(shared, outDir, v.codec === "h264", userId, jobId);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

async function packageHls(shared: SharedMedia, outDir: string, copyVideo: boolean, userId: string, jobId: string) {
  const copyAudio = !shared.media.audio || shared.media.audio.codec === "aac";
  const args = ["-v", "error", "-y", "-i", await shared.sourcePath(), "-map", "0:v:0", "-map", "0:a:0?", "-sn", "-dn"];
  if (copyVideo) args.push("-c:v", "copy");
  else args.push("-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p", "-vf", "scale='min(1280,iw)':-2", "-g", "48");
  if (copyAudio) args.push("-c:a", "copy");
  else args.push("-c:a", "aac", "-b:a", "128k", "-ac", "2");
  args.push(
    "-f", "hls", "-hls_time", "4", "-hls_playlist_type", "vod", "-hls_segment_filename", path.join(outDir, "seg%05d.ts"),
    path.join(outDir, "index.m3u8"),
  );
  await runTool(ffmpegPath(), args);
  const storage = getStorage();
  await storage.deletePrefix(hlsPrefix(userId, jobId));
  for (const f of fs.readdirSync(outDir).sort()) {
    const type = f.endsWith(".m3u8") ? "application/vnd.apple.mpegurl" : "video/mp2t";
    await storage.putFile(`${hlsPrefix(userId, jobId)}${f}`, path.join(outDir, f), type);
  }
  return { key: hlsManifestKey(userId, jobId), transcoded: !copyVideo };
}
