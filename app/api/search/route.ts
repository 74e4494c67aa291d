import { handle } from "@/lib/api/handler";
import { searchApi } from "@/lib/schemas/search";
import { searchSegments } from "@/lib/search/search-segments";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/search – hybrid search over the caller's segments
export const POST = handle(searchApi.search, async ({ req, db, user, body }) =>
  searchSegments(db, {
    userId: user.user_id,
    query: body.query,
    jobId: body.job_id,
    jobIds: body.job_ids,
    projectId: body.project_id,
    modules: body.modules,
    limit: body.limit,
    threshold: body.threshold,
    signal: req.signal,
  }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
