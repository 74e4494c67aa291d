import { handle } from "@/lib/api/handler";
import { usageApi } from "@/lib/schemas/usage";
import { getUsageSummary } from "@/lib/usage/usage-summary";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/usage/summary – minutes used and left of the caller's allocation
export const GET = handle(usageApi.summary, ({ db, user }) => getUsageSummary(db, user.user_id));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
