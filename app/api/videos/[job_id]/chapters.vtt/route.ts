import { handle } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { chaptersVtt } from "@/lib/chapters/chapter-ops";
import { chaptersApi } from "@/lib/schemas/chapters";

export const dynamic = "force-dynamic";

// GET /api/videos/{job_id}/chapters.vtt – the chapters as a WebVTT chapters track
export const GET = handle(chaptersApi.vtt, ({ db, user, params }) => chaptersVtt(db, { userId: user.user_id, jobId: params.job_id }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
