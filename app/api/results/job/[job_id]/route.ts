import { handle } from "@/lib/api/handler";
import { getJobResults } from "@/lib/results/get-results";
import { resultsApi } from "@/lib/schemas/results";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/results/job/{job_id} – all results of a video, also keyed by module
export const GET = handle(
  resultsApi.job,
  ({ db, user, params }) => getJobResults(db, { userId: user.user_id, jobId: params.job_id }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
