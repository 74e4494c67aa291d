import { handle } from "@/lib/api/handler";
import { moduleReport } from "@/lib/results/get-results";
import { resultsApi } from "@/lib/schemas/results";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/download/report/{job_id}?module=&format=json|csv|srt|vtt – one module's segments as a file
export const GET = handle(
  resultsApi.report,
  ({ db, user, params, query }) =>
    moduleReport(db, { userId: user.user_id, jobId: params.job_id, module: query.module, format: query.format }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
