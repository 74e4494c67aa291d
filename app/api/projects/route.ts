import { handle } from "@/lib/api/handler";
import { createProject, listUserProjects } from "@/lib/projects/project-ops";
import { projectsApi, toProjectResponse } from "@/lib/schemas/projects";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/projects – the caller's projects with their video counts
export const GET = handle(projectsApi.list, async ({ db, user }) =>
  (await listUserProjects(db, user.user_id)).map(toProjectResponse),
);

// POST /api/projects – create a project (201)
export const POST = handle(projectsApi.create, async ({ db, user, body }) =>
  toProjectResponse(await createProject(db, { userId: user.user_id, name: body.name, description: body.description })),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
