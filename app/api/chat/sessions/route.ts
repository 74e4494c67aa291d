import { handle } from "@/lib/api/handler";
import { createSession, listUserSessions } from "@/lib/chat/sessions";
import { chatApi, toChatSessionResponse } from "@/lib/schemas/chat";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/chat/sessions?video_id=&project_id= – the caller's sessions (video_id: job id or internal id)
export const GET = handle(chatApi.listSessions, async ({ db, user, query }) =>
  (await listUserSessions(db, { userId: user.user_id, videoId: query.video_id, projectId: query.project_id })).map(toChatSessionResponse),
);

// POST /api/chat/sessions – create a session, optionally about a video or a project (201)
export const POST = handle(chatApi.createSession, async ({ db, user, body }) =>
  toChatSessionResponse(await createSession(db, { userId: user.user_id, videoId: body.video_id, projectId: body.project_id, title: body.title })),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
