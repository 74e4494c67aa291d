import { handle } from "@/lib/api/handler";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { dashboardApi } from "@/lib/schemas/dashboard";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/dashboard – profile, keys and the rest of the account in one call
export const GET = handle(dashboardApi.get, ({ db, user }) => getDashboard(db, user.user_id));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
