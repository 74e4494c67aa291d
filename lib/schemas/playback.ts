// Playback: no Authorization; a short-lived signed `token` (carried ready-made in the URLs of a
// VideoResponse and of a shared report) grants one video. Without a valid token: 404.
import { z } from "zod";
import { defineEndpoint, pathId } from "@/lib/schemas/contract";

/** Required in the document; a missing one is parsed as "" so it answers 404 like a wrong one. */
const tokenField = z
  .preprocess((v) => v ?? "", z.string())
  .meta({ description: "The signed playback token from thumbnail_url, stream_url or playback_url" });

export const playbackParams = z.object({ job_id: pathId("Video") });
export const personPlaybackParams = z.object({ job_id: pathId("Video"), person_id: pathId("Person") });
export const playbackQuery = z.object({ token: tokenField });
export const directQuery = z.object({
  job_id: z.preprocess((v) => v ?? "", z.string()).meta({ description: "The video's job_id" }),
  token: tokenField,
});

const tag = "Playback";
export const playbackApi = {
  thumbnail: defineEndpoint({ method: "GET", path: "/playback/thumbnail/{job_id}", tag, summary: "302 redirect to the video's thumbnail (presigned); 404 without a valid token or before a run made one", auth: "none", params: playbackParams, query: playbackQuery, redirect: true }),
  storyboard: defineEndpoint({ method: "GET", path: "/playback/storyboard/{job_id}", tag, summary: "The storyboard (moment previews) as a WebVTT thumbnails track: a cue per frame (every 1 s or more, at most 100), its text the sprite's URL (the image endpoint, same token) with #xywh=x,y,w,h naming the tile. Takes the token of thumbnail_url (its URL is thumbnail_url with /thumbnail/ replaced by /storyboard/). 404 without a valid token or before a run made one", auth: "none", params: playbackParams, query: playbackQuery, produces: "text/vtt" }),
  captions: defineEndpoint({ method: "GET", path: "/playback/captions/{job_id}", tag, summary: "The transcript as a WebVTT captions track (the transcription module's segments as cues). Takes the token of thumbnail_url (its URL is thumbnail_url with /thumbnail/ replaced by /captions/). 404 without a valid token or when the video has no transcript", auth: "none", params: playbackParams, query: playbackQuery, produces: "text/vtt" }),
  storyboardImage: defineEndpoint({ method: "GET", path: "/playback/storyboard/{job_id}/image", tag, summary: "302 redirect to the storyboard's sprite JPEG (presigned): frames 160 px wide, 10 to a row; 404 without a valid token or before a run made one", auth: "none", params: playbackParams, query: playbackQuery, redirect: true }),
  person: defineEndpoint({ method: "GET", path: "/playback/people/{job_id}/{person_id}", tag, summary: "302 redirect to a person's face picture (presigned JPEG); takes the token of thumbnail_url; 404 without a valid token or when the video has no such person", auth: "none", params: personPlaybackParams, query: playbackQuery, redirect: true }),
  streamHead: defineEndpoint({ method: "HEAD", path: "/playback/stream/{job_id}", tag, summary: "200 when the HLS stream exists, else 404", auth: "none", params: playbackParams, query: playbackQuery, produces: "application/vnd.apple.mpegurl" }),
  stream: defineEndpoint({ method: "GET", path: "/playback/stream/{job_id}", tag, summary: "The HLS manifest, every segment a presigned URL", auth: "none", params: playbackParams, query: playbackQuery, produces: "application/vnd.apple.mpegurl" }),
  direct: defineEndpoint({ method: "GET", path: "/playback/direct", tag, summary: "302 redirect to the source file (presigned), for direct playback", auth: "none", query: directQuery, redirect: true }),
};
