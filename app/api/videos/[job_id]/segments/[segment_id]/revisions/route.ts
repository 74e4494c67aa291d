import { handle } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { segmentEditsApi } from "@/lib/schemas/segment-edits";
import { segmentRevisions } from "@/lib/segments/edit-segment";

export const dynamic = "force-dynamic";

// GET /api/videos/{job_id}/segments/{segment_id}/revisions – newest first, revision 0 the machine's original
export const GET = handle(segmentEditsApi.revisions, ({ db, user, params }) =>
  segmentRevisions(db, { userId: user.user_id, jobId: params.job_id, segmentId: params.segment_id }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
