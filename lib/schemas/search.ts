// Semantic search over segments: the request body, the result and the endpoint's contract.
import { z } from "zod";
import { defineEndpoint } from "@/lib/schemas/contract";
import { DEFAULT_SEARCH_LIMIT, DEFAULT_SEARCH_THRESHOLD, MAX_QUERY_CHARS, MAX_SEARCH_LIMIT } from "@/lib/core/search-limits";
import { segmentResponse } from "./results";
import { moduleList } from "./videos";
import { MODEL_FAILED } from "./answers";

export { DEFAULT_SEARCH_LIMIT, DEFAULT_SEARCH_THRESHOLD, MAX_QUERY_CHARS, MAX_SEARCH_LIMIT };

const jobIdField = z.string().max(64);

export const searchBody = z.object({
  query: z.string().trim().min(1).max(MAX_QUERY_CHARS).describe("Natural language"),
  job_id: jobIdField.optional().describe("Search only this video (404 Video not found if it is not yours)"),
  job_ids: z.array(jobIdField).max(1000).optional().describe("Search only these videos (with job_id: both)"),
  project_id: z.string().max(64).optional().describe("Search only the completed videos of this project (404 Project not found if it is not yours); with job_id/job_ids, only those of them in the project"),
  modules: moduleList.optional().describe("Only segments of these modules (empty: all)"),
  limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).default(DEFAULT_SEARCH_LIMIT),
  threshold: z.number().min(0).max(1).default(DEFAULT_SEARCH_THRESHOLD).describe("Minimum similarity (see SearchResult.similarity)"),
});

export const searchResult = segmentResponse
  .omit({ created_at: true })
  .extend({
    similarity: z
      .number()
      .describe(
        "Hybrid similarity in [0, 1], 1.0 a perfect match: the larger of the cosine similarity of the query's and the segment's embeddings (clamped at 0) and a word-match score c × (0.6 + 0.3 × cosine + 0.1 × phrase), where c is the share of the query's words the segment contains (exact form or English stem; stopwords count a quarter) and phrase is 1 when they appear as the query's phrase. A segment containing every word of the query therefore scores at least 0.6",
      ),
    matched_terms: z
      .array(z.string())
      .describe("Words of `content` that match the query's words (exact form or English stem), as written in `content`, in order of first appearance — for highlighting; empty when the segment matched by meaning only"),
    about_video: z
      .object({
        segment_id: z.string().describe("The summary segment's id"),
        content: z.string().describe("The summary: an overview, and offline its key moments one per line (`[mm:ss] …`)"),
      })
      .nullable()
      .describe(
        "The video's whole-video summary (video_reasoning), given once per video: on its best hit, null on its other hits and for a video without one. Whole-video summaries are not hits themselves (they would match nearly every query) unless `modules` asks for video_reasoning alone",
      ),
  })
  .meta({ id: "SearchResult" });
export type SearchResult = z.infer<typeof searchResult>;

export const embeddingStatusResponse = z
  .object({
    model: z.string().describe("The embedding model new vectors (and re-embedded ones) are made with"),
    segments: z.number().int().describe("Your segments that have a vector"),
    current: z.number().int().describe("…of them made by `model`"),
    pending: z.number().int().describe("…still made by another model, waiting to be re-embedded in the background (search compares each with a query of its own model meanwhile)"),
    running: z.boolean().describe("Whether re-embedding is under way now"),
    last_error: z.string().nullable().describe("Why the last re-embedding batch failed (it is retried), else null"),
  })
  .meta({ id: "EmbeddingStatus" });

export const searchApi = {
  embeddings: defineEndpoint({
    method: "GET",
    path: "/search/embeddings",
    tag: "Search",
    summary: "Which embedding model search uses, and how far re-embedding your segments with it has come (after the configured model changed)",
    auth: "required",
    response: embeddingStatusResponse,
  }),
  search: defineEndpoint({
    method: "POST",
    path: "/search",
    tag: "Search",
    summary:
      "Hybrid search (full-text words fused with embedding similarity) over your completed videos (or the given ones, or a project's): results at or above `threshold`, the best per (job_id, module, 5-second window), modules interleaved round-robin up to `limit`, sorted by similarity. Whole-video summaries are not among the moments: each video's summary comes once, as `about_video` on its best hit",
    auth: "required",
    body: searchBody,
    response: z.array(searchResult),
    otherResponses: MODEL_FAILED,
  }),
};
