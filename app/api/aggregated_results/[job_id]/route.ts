import { handle } from "@/lib/api/handler";
import { getAggregatedResults } from "@/lib/results/get-results";
import { resultsApi } from "@/lib/schemas/results";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/aggregated_results/{job_id} – results grouped by module
export const GET = handle(
  resultsApi.aggregated,
  ({ db, user, params }) => getAggregatedResults(db, { userId: user.user_id, jobId: params.job_id }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
