import { handle } from "@/lib/api/handler";
import { assignVideos } from "@/lib/projects/project-ops";
import { projectsApi } from "@/lib/schemas/projects";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/projects/{project_id}/assign – move videos into the project (all or nothing)
export const POST = handle(
  projectsApi.assign,
  async ({ db, user, params, body }) => ({
    ok: true as const,
    assigned: await assignVideos(db, { userId: user.user_id, projectId: params.project_id, jobIds: body.job_ids }),
  }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
