import { handle } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { listChapters } from "@/lib/chapters/chapter-ops";
import { chaptersApi } from "@/lib/schemas/chapters";

export const dynamic = "force-dynamic";

// GET /api/videos/{job_id}/chapters – the video's chapters, covering it whole
export const GET = handle(chaptersApi.list, ({ db, user, params }) => listChapters(db, { userId: user.user_id, jobId: params.job_id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
