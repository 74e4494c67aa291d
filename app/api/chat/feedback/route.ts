import { handle } from "@/lib/api/handler";
import { rateAnswer } from "@/lib/chat/sessions";
import { chatApi, toFeedbackResponse } from "@/lib/schemas/chat";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/chat/feedback – rate an answer (up/down, optional comment); rating again replaces it (201)
export const POST = handle(chatApi.feedback, async ({ db, user, body }) =>
  toFeedbackResponse(
    await rateAnswer(db, { userId: user.user_id, feedbackId: body.feedback_id, rating: body.rating, comment: body.comment }),
  ),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
