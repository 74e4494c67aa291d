import { handle } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { segmentEditsApi } from "@/lib/schemas/segment-edits";
import { editSegment } from "@/lib/segments/edit-segment";

export const dynamic = "force-dynamic";

// PATCH /api/videos/{job_id}/segments/{segment_id} – correct a segment (a new revision)
export const PATCH = handle(segmentEditsApi.patch, ({ db, user, params, body }) =>
  editSegment(db, { userId: user.user_id, jobId: params.job_id, segmentId: params.segment_id, content: body.content, metadata: body.metadata }),
);

export const { GET, POST, PUT, DELETE, OPTIONS } = otherMethods("PATCH");
