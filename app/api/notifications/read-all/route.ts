import { handle } from "@/lib/api/handler";
import { markAllNotificationsRead } from "@/lib/notifications/notification-ops";
import { notificationsApi } from "@/lib/schemas/notifications";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/notifications/read-all – mark every notification read; {ok, updated}
export const POST = handle(notificationsApi.readAll, async ({ db, user }) => ({
  ok: true as const,
  updated: await markAllNotificationsRead(db, user.user_id),
}));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
