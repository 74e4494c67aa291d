// Import by URL: the request body and the endpoint's contract.
import { z } from "zod";
import { defineEndpoint } from "@/lib/schemas/contract";
import { nameField } from "./common";
import { moduleList } from "./videos";
import { ALLOWANCE } from "./answers";

export const importBody = z.object({
  url: z.string().min(1).max(4096).describe("An http(s) URL of a video file (its extension or a video Content-Type)"),
  file_name: nameField.optional().describe("The video's name (default: the URL's last part); its extension must be a supported one"),
  modules: moduleList,
  project_id: z.string().max(64).optional().describe("Put the video in this project (404 Project not found if it is not yours)"),
  initial_prompt: z.string().max(4000).optional(),
});

export const importResponse = z.object({ job_id: z.string(), status: z.literal("importing"), message: z.string() });

const DESCRIPTION = [
  "The server fetches the file (http or https; loopback, private and link-local addresses are refused, also after DNS and on every redirect; at most 3 redirects; at most 4 GB, checked on Content-Length and counted while streaming; 30 s to connect and at most 30 s of silence while downloading). The URL must end in a supported video extension or answer a video Content-Type.",
  "",
  "The video appears at once with status `importing`; `GET /processing/{job_id}/events` streams `import_progress` `{bytes, total, percent}` events (`total`/`percent` null without a Content-Length), then the processing events of the run that follows: once fetched, the video is registered and queued like an upload (`uploaded` → `queued` → …), counted against your allowance. A URL answering an error status, a file too large, not a video, or an allowance exhausted by its length ends the video `failed` with `error` saying why (and a `done` event). A malformed or refused URL is a 400 at once.",
].join("\n");

export const importsApi = {
  importUrl: defineEndpoint({ method: "POST", path: "/videos/import", tag: "Videos", summary: "Import a video from a URL and process it", description: DESCRIPTION, auth: "required", body: importBody, response: importResponse, status: 202, idempotent: true, otherResponses: ALLOWANCE }),
};
