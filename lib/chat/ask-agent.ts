// The enterprise action askAgent ({job_id, query, modules?} → {answer, job_id, segments_used}):
// the same engine as POST /chat/ask in vector mode, one-shot — no session is made or continued.
import type { Db } from "@/db/client";
import { badRequest } from "@/lib/core/errors";
import { MAX_QUERY_CHARS } from "@/lib/schemas/search";
import { requireVideo } from "@/lib/videos/video-ops";
import { answerAboutVideo } from "./ask";

export interface AskAgentResult {
  answer: string;
  job_id: string;
  segments_used: number;
}

/** 404 `Video not found` when the job is not the caller's; 400 for an empty or too long query. */
export async function askAgent(
  db: Db,
  params: { userId: string; jobId: string; query: string; modules?: readonly string[]; signal?: AbortSignal },
): Promise<AskAgentResult> {
  const query = params.query.trim();
  if (!query) throw badRequest("query: must not be empty");
  if (query.length > MAX_QUERY_CHARS) throw badRequest(`query: must be at most ${MAX_QUERY_CHARS} characters`);
  const video = await requireVideo(db, { userId: params.userId, jobId: params.jobId });
  const answer = await answerAboutVideo(db, {
    userId: params.userId,
    video,
    question: query,
    modules: params.modules,
    mode: "vector",
    history: [],
    signal: params.signal,
  });
  return { answer: answer.text, job_id: video.jobId, segments_used: answer.segmentIds.length };
}
