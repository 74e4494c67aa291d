import { handle } from "@/lib/api/handler";
import { countUnreadNotifications } from "@/lib/notifications/notification-ops";
import { notificationsApi } from "@/lib/schemas/notifications";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/notifications/unread-count – {count} of unread notifications
export const GET = handle(notificationsApi.unreadCount, async ({ db, user }) => ({
  count: await countUnreadNotifications(db, user.user_id),
}));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
