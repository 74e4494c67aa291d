// Shared reports: creating and revoking a share of a video, and the public report behind a hash.
import { z } from "zod";
import { defineEndpoint } from "@/lib/schemas/contract";
import { chapterResponse } from "./chapters";
import { okResponse, timestamp } from "./common";
import { segmentResponse } from "./results";
import { jobIdParams } from "./videos";

export const shareResponse = z
  .object({
    share_hash: z.string().describe("At least 128 random bits, base64url"),
    url: z.string().describe("The report page, readable without signing in (its data: GET /shared-reports/{share_hash})"),
  })
  .meta({ id: "Share" });

export const activeShareResponse = shareResponse
  .extend({ created_at: timestamp.describe("When the link was made; it works until revoked (shares do not expire)") })
  .meta({ id: "ActiveShare" });

export const sharedReportResponse = z
  .object({
    video_name: z.string(),
    duration: z.number(),
    status: z.string(),
    created_at: timestamp,
    modules: z.record(z.string(), z.array(segmentResponse)),
    chapters: z.array(chapterResponse).describe("The video's chapters, as GET /videos/{job_id}/chapters gives them (titles the owner edited included)"),
    thumbnail_url: z.string(),
    stream_url: z.string(),
    playback_url: z.string(),
  })
  .meta({ id: "SharedReport" });

export const shareHashParams = z.object({ share_hash: z.string() });

const tag = "Shared reports";
export const sharesApi = {
  create: defineEndpoint({ method: "POST", path: "/videos/{job_id}/share", tag, summary: "Share a video's report: 201 when created, 200 with the existing share", auth: "required", params: jobIdParams, response: shareResponse, status: 201 , idempotent: true, otherResponses: { "200": { description: "The video's active share, already made", response: shareResponse } } }),
  read: defineEndpoint({ method: "GET", path: "/videos/{job_id}/share", tag, summary: "The video's active share, or 404 Shared report not found when it has none", auth: "required", params: jobIdParams, response: activeShareResponse }),
  revoke: defineEndpoint({ method: "DELETE", path: "/videos/{job_id}/share", tag, summary: "Revoke the share (its hash stops working)", auth: "required", params: jobIdParams, response: okResponse }),
  get: defineEndpoint({ method: "GET", path: "/shared-reports/{share_hash}", tag, summary: "A shared report, without authentication (no user ids, storage paths or keys)", auth: "none", params: shareHashParams, response: sharedReportResponse }),
};
