// Chapters of a video: made offline from scenes, transcript and on-screen text (titled by the
// chat model when one is configured), stored so edits to titles and summaries persist.
import { z } from "zod";
import { defineEndpoint } from "@/lib/schemas/contract";
import { descriptionField } from "./common";
import { jobIdParams } from "./videos";

export const chapterResponse = z
  .object({
    index: z.number().int().describe("0, 1, 2, … in time order"),
    start: z.number().describe("seconds"),
    end: z.number().describe("seconds; the next chapter starts here, the last ends at the video's duration"),
    title: z.string(),
    summary: z.string().optional(),
    edited: z.boolean().describe("The owner changed the title or summary"),
  })
  .meta({ id: "Chapter" });

export const chapterParams = jobIdParams.extend({ index: z.string().describe("The chapter's index (0, 1, 2, …)") });

export const patchChapterBody = z
  .object({
    title: z.string().trim().min(1).max(255).optional(),
    summary: descriptionField.nullable().optional().describe("null or an empty text removes it"),
  })
  .describe("At least one of `title` and `summary`");

const LIST_DESCRIPTION = [
  "Chapters cover the whole video, from 0 to its duration, without gaps or overlaps. They begin at scene boundaries (else at pauses in speech,",
  "else at shot boundaries) and are at least 15 s long (and at most 15 of them). Titles come from what is said and shown: offline, the most",
  "distinctive key phrase of the chapter's transcript and on-screen text; with a chat model configured, the model's title and summary.",
  "A chapter with no words at all is titled with its time range, e.g. `00:00–01:12 (no speech or text)`.",
  "Chapters are stored: titles and summaries edited with PATCH persist, and carry over to the chapter at the same times when the video's",
  "segments change (reprocessing with `discard_edits: true` drops them). Also part of the combined report and of a shared report (`chapters`).",
].join(" ");

const tag = "Results";
export const chaptersApi = {
  list: defineEndpoint({ method: "GET", path: "/videos/{job_id}/chapters", tag, summary: "The video's chapters", description: LIST_DESCRIPTION, auth: "required", params: jobIdParams, response: z.array(chapterResponse) }),
  patch: defineEndpoint({ method: "PATCH", path: "/videos/{job_id}/chapters/{index}", tag, summary: "Edit a chapter's title or summary", auth: "required", params: chapterParams, body: patchChapterBody, response: chapterResponse }),
  vtt: defineEndpoint({ method: "GET", path: "/videos/{job_id}/chapters.vtt", tag, summary: "The chapters as a WebVTT chapters track (text/vtt)", auth: "required", params: jobIdParams, produces: "text/vtt" }),
};
