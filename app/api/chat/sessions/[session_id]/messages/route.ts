import { handle } from "@/lib/api/handler";
import { addMessage, listSessionMessages } from "@/lib/chat/sessions";
import { chatApi, toChatMessageResponse } from "@/lib/schemas/chat";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";
const ids = { session_id: "Chat session" } as const;

// GET /api/chat/sessions/{session_id}/messages – the session's messages, oldest first
export const GET = handle(
  chatApi.listMessages,
  async ({ db, user, params }) =>
    (await listSessionMessages(db, { userId: user.user_id, sessionId: params.session_id })).map(toChatMessageResponse),
  { ids },
);

// POST /api/chat/sessions/{session_id}/messages – add a message without asking the agent (201)
export const POST = handle(
  chatApi.createMessage,
  async ({ db, user, params, body }) =>
    toChatMessageResponse(
      await addMessage(db, { userId: user.user_id, sessionId: params.session_id, role: body.role, content: body.content, metadata: body.metadata }),
    ),
  { ids },
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
