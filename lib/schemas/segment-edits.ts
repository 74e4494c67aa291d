// Corrections of segments: edit one segment's text, list its revisions, restore one.
import { z } from "zod";
import { defineEndpoint, pathId } from "@/lib/schemas/contract";
import { timestamp } from "./common";
import { segmentResponse } from "./results";

/** The longest segment text an edit may write (the size of a chat message). */
export const MAX_SEGMENT_TEXT = 100_000;

export const segmentParams = z.object({ job_id: pathId("Video"), segment_id: pathId("Segment") });
/** `revision` is a number (0, 1, 2, …); anything else is a revision that does not exist (404). */
export const revisionParams = segmentParams.extend({ revision: z.string().describe("A revision number: 0, 1, 2, …") });

export const patchSegmentBody = z
  .object({
    content: z.string().trim().min(1).max(MAX_SEGMENT_TEXT).optional().describe("The corrected text"),
    metadata: z
      .string()
      .max(MAX_SEGMENT_TEXT)
      .nullable()
      .optional()
      .describe("JSON text (null clears it); the machine's metadata names its provider and model or method"),
  })
  .describe("At least one of `content` and `metadata`");

export const editedSegmentResponse = segmentResponse.extend({ edited: z.boolean(), revision: z.number().int() }).meta({ id: "EditedSegment" });

export const revisionResponse = z
  .object({
    revision: z.number().int().describe("0 is the machine's original"),
    content: z.string(),
    metadata: z.string().nullable(),
    edited_by: z.string().nullable().describe("The user id of whoever wrote this revision; null for the machine's original"),
    created_at: timestamp,
  })
  .meta({ id: "SegmentRevision" });

const EDIT_DESCRIPTION = [
  "Corrects a segment (owner only). The change reaches every reader at once: the results views, JSON/CSV/SRT/WebVTT reports,",
  "the captions track, search (the segment is re-embedded and its words re-indexed before the answer), chat context and shared reports.",
  "Each change is a new revision (1, 2, …); the machine's original is revision 0.",
  "Reprocessing the video (`POST /videos/{job_id}/reprocess` or `/process`) keeps edited segments unless its body says `\"discard_edits\": true`.",
].join(" ");

const tag = "Results";
export const segmentEditsApi = {
  patch: defineEndpoint({ method: "PATCH", path: "/videos/{job_id}/segments/{segment_id}", tag, summary: "Correct a segment's content or metadata (a new revision)", description: EDIT_DESCRIPTION, auth: "required", params: segmentParams, body: patchSegmentBody, response: editedSegmentResponse }),
  revisions: defineEndpoint({ method: "GET", path: "/videos/{job_id}/segments/{segment_id}/revisions", tag, summary: "A segment's revisions, newest first (revision 0 is the machine's original)", auth: "required", params: segmentParams, response: z.array(revisionResponse) }),
  restore: defineEndpoint({ method: "POST", path: "/videos/{job_id}/segments/{segment_id}/revisions/{revision}/restore", tag, summary: "Bring a revision's text back (as a new revision); restoring revision 0 makes the segment machine output again", auth: "required", params: revisionParams, response: editedSegmentResponse }),
};
