import { handle } from "@/lib/api/handler";
import { getSceneGrouping } from "@/lib/results/get-results";
import { resultsApi } from "@/lib/schemas/results";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/scene_grouping/{job_id} – scenes, shots, grouped shots and reasoning
export const GET = handle(
  resultsApi.sceneGrouping,
  ({ db, user, params }) => getSceneGrouping(db, { userId: user.user_id, jobId: params.job_id }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
