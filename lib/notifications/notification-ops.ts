// Notifications of the caller. They are written by processing outcomes (finalize-run.ts) and by
// system events (a welcome on sign-up); here they are read, marked read and deleted.
import type { Db } from "@/db/client";
import {
  countUnreadNotifications,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "@/db/queries/notifications";
import { notFound } from "@/lib/core/errors";

export { listNotifications, countUnreadNotifications, markAllNotificationsRead };

export async function markRead(db: Db, params: { userId: string; notificationId: string }): Promise<void> {
  if (!(await markNotificationRead(db, params))) throw notFound("Notification");
}

export async function removeNotification(db: Db, params: { userId: string; notificationId: string }): Promise<void> {
  if (!(await deleteNotification(db, params))) throw notFound("Notification");
}
