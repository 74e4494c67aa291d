// Notifications: responses and the endpoints' contracts.
import { z } from "zod";
import type { Notification } from "@/db/queries/notifications";
import { defineEndpoint, pathId } from "@/lib/schemas/contract";
import { pageCursorField } from "./pagination";
import { okResponse, timestamp } from "./common";
import { isoTime } from "@/lib/core/iso-time";

export const NOTIFICATION_TYPES = ["success", "error", "info"] as const;

export const notificationResponse = z
  .object({
    id: z.string(),
    user_id: z.string(),
    title: z.string(),
    message: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    is_read: z.number().int().describe("1 read, 0 unread"),
    created_at: timestamp,
  })
  .meta({ id: "Notification" });

export function toNotificationResponse(n: Notification): z.infer<typeof notificationResponse> {
  return {
    id: n.id,
    user_id: n.userId,
    title: n.title,
    message: n.message,
    type: n.type as (typeof NOTIFICATION_TYPES)[number],
    is_read: n.isRead,
    created_at: isoTime(n.createdAt),
  };
}

export const DEFAULT_NOTIFICATION_LIMIT = 50;
export const MAX_NOTIFICATION_LIMIT = 1000;

export const listNotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_NOTIFICATION_LIMIT).default(DEFAULT_NOTIFICATION_LIMIT),
  cursor: pageCursorField,
});
export const notificationIdParams = z.object({ notification_id: pathId("Notification") });

const tag = "Notifications";
export const notificationsApi = {
  list: defineEndpoint({ method: "GET", path: "/notifications", tag, summary: "Your notifications, most recent first (limit 1 to 1000, default 50; with `limit` or `cursor` given, a `Link` header rel=\"next\" names the next page)", auth: "required", query: listNotificationsQuery, response: z.array(notificationResponse) }),
  unreadCount: defineEndpoint({ method: "GET", path: "/notifications/unread-count", tag, summary: "How many of your notifications are unread", auth: "required", response: z.object({ count: z.number().int() }) }),
  markRead: defineEndpoint({ method: "PATCH", path: "/notifications/{notification_id}/read", tag, summary: "Mark a notification read", auth: "required", params: notificationIdParams, response: okResponse }),
  readAll: defineEndpoint({ method: "POST", path: "/notifications/read-all", tag, summary: "Mark all your notifications read", auth: "required", response: z.object({ ok: z.literal(true), updated: z.number().int() }) }),
  remove: defineEndpoint({ method: "DELETE", path: "/notifications/{notification_id}", tag, summary: "Delete a notification", auth: "required", params: notificationIdParams, response: okResponse }),
};
