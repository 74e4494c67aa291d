import { handle } from "@/lib/api/handler";
import { eventStreamAnswer, wantsEventStream } from "@/lib/api/event-stream-answer";
import { addMessage, listSessionMessages } from "@/lib/chat/sessions";
import { chatApi, toChatMessageResponse } from "@/lib/schemas/chat";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/chat/sessions/{session_id}/messages – the session's messages, oldest first
export const GET = handle(
  chatApi.listMessages,
  async ({ db, user, params }) =>
    (await listSessionMessages(db, { userId: user.user_id, sessionId: params.session_id })).map(toChatMessageResponse),
);

// POST /api/chat/sessions/{session_id}/messages – add a message without asking the agent (201; streamed with Accept: text/event-stream)
export const POST = handle(
  chatApi.createMessage,
  async ({ req, db, user, params, body }) => {
    const add = async () =>
      toChatMessageResponse(
        await addMessage(db, { userId: user.user_id, sessionId: params.session_id, role: body.role, content: body.content, metadata: body.metadata }),
      );
    return wantsEventStream(req)
      ? eventStreamAnswer(req, add, { textOf: (m) => m.content, status: 201, where: "POST /chat/sessions/{session_id}/messages" })
      : add();
  },
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
