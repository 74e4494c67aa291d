import { handle } from "@/lib/api/handler";
import { markRead } from "@/lib/notifications/notification-ops";
import { notificationsApi } from "@/lib/schemas/notifications";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// PATCH /api/notifications/{notification_id}/read – mark one notification read
export const PATCH = handle(
  notificationsApi.markRead,
  async ({ db, user, params }) => {
    await markRead(db, { userId: user.user_id, notificationId: params.notification_id });
    return { ok: true as const };
  },
);

export const { GET, POST, PUT, DELETE, OPTIONS } = otherMethods("PATCH");
