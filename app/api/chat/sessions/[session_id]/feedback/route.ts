import { handle } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { listSessionRatings } from "@/lib/chat/sessions";
import { chatApi, toFeedbackResponse } from "@/lib/schemas/chat";

export const dynamic = "force-dynamic";

// GET /api/chat/sessions/{session_id}/feedback – the ratings of the session's answers
export const GET = handle(
  chatApi.listFeedback,
  async ({ db, user, params }) =>
    (await listSessionRatings(db, { userId: user.user_id, sessionId: params.session_id })).map(toFeedbackResponse),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
