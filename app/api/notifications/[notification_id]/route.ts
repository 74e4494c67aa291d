import { handle } from "@/lib/api/handler";
import { removeNotification } from "@/lib/notifications/notification-ops";
import { notificationsApi } from "@/lib/schemas/notifications";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// DELETE /api/notifications/{notification_id} – delete one notification
export const DELETE = handle(
  notificationsApi.remove,
  async ({ db, user, params }) => {
    await removeNotification(db, { userId: user.user_id, notificationId: params.notification_id });
    return { ok: true as const };
  },
);

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods("DELETE");
