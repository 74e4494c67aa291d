// The multiplexed enterprise endpoint: POST /enterprise?action=<action>. Each action answers as
// its standard endpoint does; the body holds the fields of the chosen action.
import { z } from "zod";
import { defineEndpoint } from "@/lib/schemas/contract";
import { descriptionField, nameField } from "./common";
import { projectResponse } from "./projects";
import { segmentResponse } from "./results";
import { moduleList, processingStatusResponse, selectedInsightsText } from "./videos";
import { ALLOWANCE, answers, BUSY, FILE_TOO_LARGE, NOT_YOUR_PATH, QUEUE_UNAVAILABLE } from "./answers";

export const ENTERPRISE_ACTIONS = ["listProjects", "createProject", "registerUpload", "process", "getStatus", "getResults", "askAgent"] as const;
export type EnterpriseAction = (typeof ENTERPRISE_ACTIONS)[number];

export const enterpriseQuery = z.object({
  // Required in the document; parsed leniently so that a missing one answers `Missing action`.
  action: z
    .preprocess((v) => v ?? "", z.string().max(100))
    .meta({ description: "The action to run", enum: [...ENTERPRISE_ACTIONS] }),
});

const mediaType = z
  .string()
  .max(255)
  .refine((s) => /^[\w.+-]+\/[\w.+-]+(\s*;[ -~]*)?$/.test(s.trim()), { message: "must be a media type such as video/mp4" });

export const enterpriseBody = z.object({
  name: nameField.optional().describe("createProject: the project's name; registerUpload: the video's display name"),
  description: descriptionField.optional().describe("createProject"),
  selected_insights: selectedInsightsText.optional().describe("registerUpload, process: JSON text of module names"),
  initial_prompt: z.string().max(4000).optional().describe("registerUpload"),
  project_id: z.string().max(64).optional().describe("registerUpload: put the video in this project"),
  content_type: mediaType.optional().describe("registerUpload: the Content-Type the upload will be PUT with (default video/mp4)"),
  job_id: z.string().max(64).optional().describe("process, getStatus, getResults, askAgent"),
  modules: moduleList.optional().describe("getResults, askAgent: only these modules' segments"),
  query: z.string().max(4000).optional().describe("askAgent: the question"),
});
export type EnterpriseBody = z.output<typeof enterpriseBody>;

export const registerUploadResult = z.object({
  job_id: z.string(),
  upload_url: z.string().describe("PUT the raw bytes here (Content-Type as requested, default video/mp4), then run process"),
});
export const processResult = z.object({ job_id: z.string(), status: z.literal("queued") });
export const resultsResult = z.object({ job_id: z.string(), status: z.string(), segments: z.array(segmentResponse) });

export const enterpriseApi = {
  run: defineEndpoint({
    method: "POST",
    path: "/enterprise",
    idempotent: true,
    tag: "Enterprise",
    summary:
      "One endpoint for API-key integrations. action: listProjects, createProject (201), registerUpload, process, getStatus, getResults, askAgent. 400 `Missing action` / `Unknown action: <x>`",
    auth: "required",
    query: enterpriseQuery,
    body: enterpriseBody,
    response: z.union([z.array(projectResponse), projectResponse, registerUploadResult, processResult, processingStatusResponse, resultsResult]),
    otherResponses: answers(
      { "201": { description: "createProject: the project created", response: projectResponse } },
      ALLOWANCE,
      NOT_YOUR_PATH,
      BUSY,
      FILE_TOO_LARGE,
      QUEUE_UNAVAILABLE,
    ),
  }),
};
