// Notifications of a user, scoped to their owner.
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { notifications } from "../schema";
import { isUuid } from "@/lib/core/uuid";

export type Notification = typeof notifications.$inferSelect;
export type NotificationType = "success" | "error" | "info";

export async function insertNotification(
  db: Db,
  values: { userId: string; title: string; message: string; type: NotificationType },
) {
  const [row] = await db.insert(notifications).values(values).returning();
  return row!;
}

/** Most recent first. */
export async function listNotifications(db: Db, params: { userId: string; limit: number }): Promise<Notification[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, params.userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(params.limit);
}

export async function countUnreadNotifications(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, 0)));
  return Number(row?.n ?? 0);
}

/** Marks one notification read (already read is fine); false when it is not the caller's. */
export async function markNotificationRead(db: Db, params: { userId: string; notificationId: string }): Promise<boolean> {
  if (!isUuid(params.notificationId)) return false;
  const rows = await db
    .update(notifications)
    .set({ isRead: 1 })
    .where(and(eq(notifications.id, params.notificationId), eq(notifications.userId, params.userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Marks every unread notification of the user read; returns how many changed. */
export async function markAllNotificationsRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: 1 })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, 0)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(db: Db, params: { userId: string; notificationId: string }): Promise<boolean> {
  if (!isUuid(params.notificationId)) return false;
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, params.notificationId), eq(notifications.userId, params.userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}
