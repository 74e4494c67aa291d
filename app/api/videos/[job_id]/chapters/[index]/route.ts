import { handle } from "@/lib/api/handler";
import { otherMethods } from "@/lib/api/method-not-allowed";
import { editChapter } from "@/lib/chapters/chapter-ops";
import { chaptersApi } from "@/lib/schemas/chapters";

export const dynamic = "force-dynamic";

// PATCH /api/videos/{job_id}/chapters/{index} – edit a chapter's title or summary
export const PATCH = handle(chaptersApi.patch, ({ db, user, params, body }) =>
  editChapter(db, { userId: user.user_id, jobId: params.job_id, index: params.index, title: body.title, summary: body.summary }),
);

export const { GET, POST, PUT, DELETE, OPTIONS } = otherMethods("PATCH");
