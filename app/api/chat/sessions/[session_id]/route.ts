import { handle } from "@/lib/api/handler";
import { removeSession, renameSession, requireSession } from "@/lib/chat/sessions";
import { chatApi, toChatSessionResponse } from "@/lib/schemas/chat";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/chat/sessions/{session_id} – one session
export const GET = handle(
  chatApi.getSession,
  async ({ db, user, params }) => toChatSessionResponse(await requireSession(db, { userId: user.user_id, sessionId: params.session_id })),
);

// PATCH /api/chat/sessions/{session_id} – rename
export const PATCH = handle(
  chatApi.patchSession,
  async ({ db, user, params, body }) =>
    toChatSessionResponse(await renameSession(db, { userId: user.user_id, sessionId: params.session_id, title: body.title })),
);

// DELETE /api/chat/sessions/{session_id} – delete the session and its messages
export const DELETE = handle(
  chatApi.deleteSession,
  async ({ db, user, params }) => {
    await removeSession(db, { userId: user.user_id, sessionId: params.session_id });
    return { ok: true as const };
  },
);

export const { POST, PUT, OPTIONS } = otherMethods("GET", "PATCH", "DELETE");
