// Semantic search over segments: the request body, the result and the endpoint's contract.
import { z } from "zod";
import { defineEndpoint } from "@/lib/api/contract";
import { DEFAULT_SEARCH_LIMIT, DEFAULT_SEARCH_THRESHOLD, MAX_QUERY_CHARS, MAX_SEARCH_LIMIT } from "@/lib/search/limits";
import { segmentResponse } from "./results";
import { moduleList } from "./videos";

export { DEFAULT_SEARCH_LIMIT, DEFAULT_SEARCH_THRESHOLD, MAX_QUERY_CHARS, MAX_SEARCH_LIMIT };

const jobIdField = z.string().max(64);

export const searchBody = z.object({
  query: z.string().trim().min(1).max(MAX_QUERY_CHARS).describe("Natural language"),
  job_id: jobIdField.optional().describe("Search only this video (404 Video not found if it is not yours)"),
  job_ids: z.array(jobIdField).max(1000).optional().describe("Search only these videos (with job_id: both)"),
  modules: moduleList.optional().describe("Only segments of these modules (empty: all)"),
  limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).default(DEFAULT_SEARCH_LIMIT),
  threshold: z.number().min(0).max(1).default(DEFAULT_SEARCH_THRESHOLD).describe("Minimum cosine similarity"),
});
export type SearchBody = z.output<typeof searchBody>;

export const searchResult = segmentResponse
  .omit({ created_at: true })
  .extend({ similarity: z.number().describe("Cosine similarity, 1.0 is a perfect match") })
  .meta({ id: "SearchResult" });
export type SearchResult = z.infer<typeof searchResult>;

export const searchApi = {
  search: defineEndpoint({
    method: "POST",
    path: "/search",
    tag: "Search",
    summary:
      "Semantic search over your completed videos (or the given ones): results at or above `threshold`, the best per (job_id, module, 5-second window), modules interleaved round-robin up to `limit`, sorted by similarity",
    auth: "required",
    body: searchBody,
    response: z.array(searchResult),
  }),
};
