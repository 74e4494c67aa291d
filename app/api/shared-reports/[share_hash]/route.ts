import { handle } from "@/lib/api/handler";
import { sharesApi } from "@/lib/schemas/shares";
import { getSharedReport } from "@/lib/shares/share-ops";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/shared-reports/{share_hash} – a shared report, no auth (404 Shared report not found)
export const GET = handle(sharesApi.get, ({ db, params }) => getSharedReport(db, params.share_hash));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
