import { handle } from "@/lib/api/handler";
import { listNotifications } from "@/lib/notifications/notification-ops";
import { notificationsApi, toNotificationResponse } from "@/lib/schemas/notifications";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/notifications?limit= – the caller's notifications, most recent first
export const GET = handle(notificationsApi.list, async ({ db, user, query }) =>
  (await listNotifications(db, { userId: user.user_id, limit: query.limit })).map(toNotificationResponse),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
