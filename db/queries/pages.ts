// Pages of the lists that take `limit` and `cursor` (lib/api/pagination.ts): the same rows and
// filters as the whole lists, in (created_at, id) page order, `limit` rows after the cursor.
import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { notifications, videos, type Video } from "../schema";
import type { Notification } from "./notifications";
import { afterCursor, pageOrder, type PageCursor } from "./page-cursor";
import type { VideoStatus } from "@/lib/core/video-statuses";
import { isUuid } from "@/lib/core/uuid";

export async function listVideosPage(
  db: Db,
  params: { userId: string; projectId?: string; status?: VideoStatus; limit: number; cursor?: PageCursor },
): Promise<Video[]> {
  if (params.projectId && !isUuid(params.projectId)) return [];
  const where: SQL[] = [eq(videos.userId, params.userId)];
  if (params.projectId) where.push(eq(videos.projectId, params.projectId));
  if (params.status) where.push(eq(videos.status, params.status));
  if (params.cursor) where.push(afterCursor(videos.createdAt, videos.id, params.cursor));
  return db.select().from(videos).where(and(...where)).orderBy(...pageOrder(videos.createdAt, videos.id)).limit(params.limit);
}

export async function listNotificationsPage(db: Db, params: { userId: string; limit: number; cursor?: PageCursor }): Promise<Notification[]> {
  const where: SQL[] = [eq(notifications.userId, params.userId)];
  if (params.cursor) where.push(afterCursor(notifications.createdAt, notifications.id, params.cursor));
  return db.select().from(notifications).where(and(...where)).orderBy(...pageOrder(notifications.createdAt, notifications.id)).limit(params.limit);
}
