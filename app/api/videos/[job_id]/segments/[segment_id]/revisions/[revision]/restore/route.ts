import { handle } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { segmentEditsApi } from "@/lib/schemas/segment-edits";
import { restoreRevision } from "@/lib/segments/edit-segment";

export const dynamic = "force-dynamic";

// POST /api/videos/{job_id}/segments/{segment_id}/revisions/{revision}/restore – bring a revision back
export const POST = handle(segmentEditsApi.restore, ({ db, user, params }) =>
  restoreRevision(db, { userId: user.user_id, jobId: params.job_id, segmentId: params.segment_id, revision: params.revision }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
