import { handle } from "@/lib/api/handler";
import { combinedReport } from "@/lib/results/get-results";
import { resultsApi } from "@/lib/schemas/results";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/download/combined-report/{job_id} – every segment as one JSON download
export const GET = handle(
  resultsApi.combinedReport,
  ({ db, user, params }) => combinedReport(db, { userId: user.user_id, jobId: params.job_id }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
