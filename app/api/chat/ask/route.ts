import { handle } from "@/lib/api/handler";
import { eventStreamAnswer, wantsEventStream } from "@/lib/api/event-stream-answer";
import { askQuestion } from "@/lib/chat/ask";
import { chatApi } from "@/lib/schemas/chat";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/chat/ask – answer a question about a video or a project's videos, in a new or continued session (streamed with Accept: text/event-stream)
export const POST = handle(chatApi.ask, async ({ req, db, user, body }) => {
  const ask = () =>
    askQuestion(db, {
      userId: user.user_id,
      videoId: body.video_id,
      projectId: body.project_id,
      question: body.question,
      sessionId: body.session_id,
      modules: body.modules,
      mode: body.mode,
      signal: req.signal,
    });
  return wantsEventStream(req) ? eventStreamAnswer(req, ask, { textOf: (r) => r.answer, where: "POST /chat/ask" }) : ask();
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
