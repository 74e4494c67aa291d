// The playback endpoints: no Authorization, a signed `token` for one video instead (token.ts).
// A missing, tampered or expired token, and a video that no longer exists, are all 404 `Video not
// found`: a token is checked before the database is asked, so guessing reveals nothing.
import type { Db } from "@/db/client";
import { getVideoForPlayback } from "@/db/queries/shares";
import type { Video } from "@/db/schema";
import { notFound } from "@/lib/core/errors";
import { env } from "@/lib/env";
import { hlsManifestKey, thumbnailKey } from "@/lib/playback/renditions";
import { storyboardImageKey, storyboardVttKey } from "@/lib/playback/storyboard";
import { getStorage } from "@/lib/storage";
import { personThumbnailKey } from "@/lib/analysis/people/thumbnails";
import { hasPerson } from "@/lib/people/people-ops";
import { PLAYBACK_TOKEN_TTL_SECONDS, verifyPlaybackToken } from "@/lib/auth/playback-token";
import { rewriteManifest } from "./rewrite-manifest";
import { rewriteVttImages } from "./rewrite-storyboard";

/** Presigned URLs in playback answers live as long as a token, so a long film plays to its end. */
const PRESIGN_SECONDS = PLAYBACK_TOKEN_TTL_SECONDS;
export const HLS_CONTENT_TYPE = "application/vnd.apple.mpegurl";
export const VTT_CONTENT_TYPE = "text/vtt; charset=utf-8";

/** Players on other origins (an embedded shared report) may read these answers. */
const CORS = { "Access-Control-Allow-Origin": "*" };

export async function authorizePlayback(db: Db, jobId: string, token: string): Promise<Video> {
  if (!verifyPlaybackToken(jobId, token)) throw notFound("Video");
  const video = await getVideoForPlayback(db, jobId);
  if (!video) throw notFound("Video");
  return video;
}

function redirect(url: string): Response {
  // The target is presigned (short-lived): the redirect itself must not be cached for longer.
  return new Response(null, { status: 302, headers: { Location: url, "Cache-Control": "private, max-age=300", ...CORS } });
}

/** 302 to a stored rendition of the video (404 `File not found` before a run made it). */
async function renditionRedirect(db: Db, params: { jobId: string; token: string }, keyFor: (userId: string, jobId: string) => string): Promise<Response> {
  const video = await authorizePlayback(db, params.jobId, params.token);
  const key = keyFor(video.userId, video.jobId);
  const storage = getStorage();
  if (!(await storage.stat(key))) throw notFound("File");
  return redirect(await storage.presignDownload(key, { expiresIn: PRESIGN_SECONDS }));
}

/** GET /playback/people/{job_id}/{person_id}: 302 to a person's face picture (404 `Person not found` when the video has no such person). */
export async function personPictureRedirect(db: Db, params: { jobId: string; personId: string; token: string }): Promise<Response> {
  const video = await authorizePlayback(db, params.jobId, params.token);
  if (!(await hasPerson(db, { userId: video.userId, jobId: video.jobId, personId: params.personId }))) throw notFound("Person");
  const key = personThumbnailKey(video.userId, video.jobId, params.personId);
  const storage = getStorage();
  if (!(await storage.stat(key))) throw notFound("File");
  return redirect(await storage.presignDownload(key, { expiresIn: PRESIGN_SECONDS }));
}

/** GET /playback/thumbnail/{job_id}: 302 to the thumbnail. */
export const thumbnailRedirect = (db: Db, params: { jobId: string; token: string }) => renditionRedirect(db, params, thumbnailKey);

/**
 * GET /playback/storyboard/{job_id}: the storyboard's WebVTT thumbnails track, its sprite named by
 * the image endpoint's URL with this same token (stable while the token is, so the track and the
 * image cache), each cue keeping its `#xywh=` tile. 404 `File not found` before a run made one.
 */
export async function storyboardTrack(db: Db, params: { jobId: string; token: string }): Promise<Response> {
  const video = await authorizePlayback(db, params.jobId, params.token);
  const key = storyboardVttKey(video.userId, video.jobId);
  const storage = getStorage();
  if (!(await storage.stat(key))) throw notFound("File");
  const imageKey = storyboardImageKey(video.userId, video.jobId);
  const imageUrl = `${env().APP_URL}/api/playback/storyboard/${video.jobId}/image?token=${encodeURIComponent(params.token)}`;
  const body = rewriteVttImages((await storage.getBytes(key)).toString("utf8"), key, (k) => (k === imageKey ? imageUrl : null));
  return new Response(body, { headers: { "Content-Type": VTT_CONTENT_TYPE, "Cache-Control": "private, max-age=300", ...CORS } });
}

/** GET /playback/storyboard/{job_id}/image: 302 to the storyboard's sprite. */
export const storyboardImageRedirect = (db: Db, params: { jobId: string; token: string }) =>
  renditionRedirect(db, params, storyboardImageKey);

/** HEAD /playback/stream/{job_id}: whether the HLS manifest exists. */
export async function streamExists(db: Db, params: { jobId: string; token: string }): Promise<boolean> {
  const video = await authorizePlayback(db, params.jobId, params.token);
  return (await getStorage().stat(hlsManifestKey(video.userId, video.jobId))) !== null;
}

/** GET /playback/stream/{job_id}: the HLS manifest with every segment URI presigned. */
export async function streamManifest(db: Db, params: { jobId: string; token: string }): Promise<Response> {
  const video = await authorizePlayback(db, params.jobId, params.token);
  const key = hlsManifestKey(video.userId, video.jobId);
  const storage = getStorage();
  if (!(await storage.stat(key))) throw notFound("File");
  const text = (await storage.getBytes(key)).toString("utf8");
  const body = await rewriteManifest(text, key, (k) => storage.presignDownload(k, { expiresIn: PRESIGN_SECONDS }));
  return new Response(body, {
    headers: { "Content-Type": HLS_CONTENT_TYPE, "Cache-Control": "private, max-age=300", ...CORS },
  });
}

/** GET /playback/direct: 302 to the source file. */
export async function directRedirect(db: Db, params: { jobId: string; token: string }): Promise<Response> {
  const video = await authorizePlayback(db, params.jobId, params.token);
  const storage = getStorage();
  if (!(await storage.stat(video.storagePath))) throw notFound("File");
  return redirect(await storage.presignDownload(video.storagePath, { expiresIn: PRESIGN_SECONDS }));
}
