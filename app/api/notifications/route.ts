import { listNotificationsPage } from "@/db/queries/pages";
import { handle, jsonResponse } from "@/lib/api/handler";
import { pageOf, pageRequest } from "@/lib/api/pagination";
import { listNotifications } from "@/lib/notifications/notification-ops";
import { notificationsApi, toNotificationResponse } from "@/lib/schemas/notifications";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/notifications?limit=&cursor= – the caller's notifications, most recent first; with
// limit or cursor given, a Link header names the next page
export const GET = handle(notificationsApi.list, async ({ req, db, user, query }) => {
  const asked = new URL(req.url).searchParams;
  const page = asked.has("limit") || asked.has("cursor") ? pageRequest(query) : null;
  if (!page) return (await listNotifications(db, { userId: user.user_id, limit: query.limit })).map(toNotificationResponse);
  const rows = await listNotificationsPage(db, { userId: user.user_id, limit: page.limit + 1, cursor: page.cursor });
  const { rows: kept, headers } = pageOf(req, page, rows, (n) => ({ createdAt: n.createdAt, id: n.id }));
  return jsonResponse(kept.map(toNotificationResponse), 200, headers);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
