import { handle } from "@/lib/api/handler";
import { getSegments } from "@/lib/results/get-results";
import { resultsApi } from "@/lib/schemas/results";
import { clearSegments } from "@/lib/videos/video-ops";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/videos/{job_id}/segments – segments ordered by start_time (module filter)
export const GET = handle(
  resultsApi.segments,
  ({ db, user, params, query }) => getSegments(db, { userId: user.user_id, jobId: params.job_id, module: query.module }),
);

// DELETE /api/videos/{job_id}/segments – delete all segments; the video goes back to uploaded
export const DELETE = handle(
  resultsApi.clearSegments,
  async ({ db, user, params }) => {
    await clearSegments(db, { userId: user.user_id, jobId: params.job_id });
    return { ok: true as const, message: "All segments deleted; the video is back to uploaded" };
  },
);

export const { POST, PUT, PATCH, OPTIONS } = otherMethods("GET", "DELETE");
