import { handle } from "@/lib/api/handler";
import { toUsageResponse, usageApi } from "@/lib/schemas/usage";
import { listUsage } from "@/lib/usage/list-usage";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/usage – the caller's usage records (start_date / end_date filters)
export const GET = handle(usageApi.list, async ({ db, user, query }) =>
  (await listUsage(db, { userId: user.user_id, startDate: query.start_date, endDate: query.end_date })).map(toUsageResponse),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
