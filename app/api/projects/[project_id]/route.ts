import { handle } from "@/lib/api/handler";
import { patchProject, removeProject, requireProject } from "@/lib/projects/project-ops";
import { projectsApi, toProjectResponse } from "@/lib/schemas/projects";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/projects/{project_id} – one project
export const GET = handle(
  projectsApi.get,
  async ({ db, user, params }) => toProjectResponse(await requireProject(db, { userId: user.user_id, projectId: params.project_id })),
);

// PATCH /api/projects/{project_id} – rename or describe
export const PATCH = handle(
  projectsApi.patch,
  async ({ db, user, params, body }) =>
    toProjectResponse(
      await patchProject(db, { userId: user.user_id, projectId: params.project_id, name: body.name, description: body.description }),
    ),
);

// DELETE /api/projects/{project_id} – delete; its videos stay, unassigned
export const DELETE = handle(
  projectsApi.remove,
  async ({ db, user, params }) => {
    await removeProject(db, { userId: user.user_id, projectId: params.project_id });
    return { ok: true as const };
  },
);

export const { POST, PUT, OPTIONS } = otherMethods("GET", "PATCH", "DELETE");
