// Answers several endpoints share beside their success and the usual errors (lib/openapi/document.ts
// adds 400, 401, 404, 413 for JSON bodies, 429 and 500 to every one that can give them), for the
// endpoints' `otherResponses`. Each says when it happens; the body is the `{detail}` error.
import type { OtherResponse } from "@/lib/schemas/contract";

type Answers = Record<string, OtherResponse>;

export const NOT_YOUR_PATH: Answers = { "403": { description: 'The storage path is not one of this user\'s files (`detail`: "Storage path does not belong to this user")' } };
export const BAD_SIGNATURE: Answers = { "403": { description: "The presigned URL expired or was tampered with" } };
export const DISK_FULL: Answers = { "507": { description: "Storage is full: nothing was written" } };
export const FILE_TOO_LARGE: Answers = { "413": { description: 'The file is over 4 GB (`detail`: "File too large (maximum 4 GB)")' } };
export const ALLOWANCE: Answers = { "402": { description: 'The processing allowance is used up; nothing was queued (`detail`: "Processing allowance exhausted")' } };
export const QUEUE_UNAVAILABLE: Answers = { "503": { description: "The job engine could not be reached: nothing was queued" } };
export const BUSY: Answers = { "409": { description: "The video is already being processed (or not in a state to start)" } };
export const MODEL_FAILED: Answers = { "502": { description: "The configured model provider failed to answer" } };

/** All of the given answers in one record (later ones win on a shared status). */
export function answers(...sets: Answers[]): Answers {
  return Object.assign({}, ...sets);
}
