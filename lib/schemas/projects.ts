// Projects: request bodies, responses and the endpoints' contracts.
import { z } from "zod";
import type { ProjectWithCount } from "@/db/queries/projects";
import { defineEndpoint, pathId } from "@/lib/schemas/contract";
import { descriptionField, nameField, okResponse, timestamp } from "./common";
import { isoTime } from "@/lib/core/iso-time";
import { videoResponse } from "./videos";

export const projectResponse = z
  .object({
    id: z.string(),
    user_id: z.string(),
    name: z.string(),
    description: z.string(),
    video_count: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Project" });

export type ProjectResponse = z.infer<typeof projectResponse>;

export function toProjectResponse(p: ProjectWithCount): ProjectResponse {
  return {
    id: p.id,
    user_id: p.userId,
    name: p.name,
    description: p.description,
    video_count: p.videoCount,
    created_at: isoTime(p.createdAt),
    updated_at: isoTime(p.updatedAt),
  };
}

export const createProjectBody = z.object({ name: nameField, description: descriptionField.optional() });
export const patchProjectBody = z.object({ name: nameField.optional(), description: descriptionField.optional() });
export const assignBody = z.object({
  job_ids: z.array(z.string().max(64)).max(1000).describe("Job ids of your videos; each moves into this project"),
});
export const assignResponse = z.object({ ok: z.literal(true), assigned: z.number().int() });
export const projectIdParams = z.object({ project_id: pathId("Project") });

const tag = "Projects";
export const projectsApi = {
  list: defineEndpoint({ method: "GET", path: "/projects", tag, summary: "Your projects with their video counts, newest first", auth: "required", response: z.array(projectResponse) }),
  create: defineEndpoint({ method: "POST", path: "/projects", tag, summary: "Create a project", auth: "required", body: createProjectBody, response: projectResponse, status: 201 , idempotent: true }),
  get: defineEndpoint({ method: "GET", path: "/projects/{project_id}", tag, summary: "Get a project", auth: "required", params: projectIdParams, response: projectResponse }),
  patch: defineEndpoint({ method: "PATCH", path: "/projects/{project_id}", tag, summary: "Rename or describe a project", auth: "required", params: projectIdParams, body: patchProjectBody, response: projectResponse }),
  remove: defineEndpoint({ method: "DELETE", path: "/projects/{project_id}", tag, summary: "Delete a project; its videos stay, unassigned", auth: "required", params: projectIdParams, response: okResponse }),
  videos: defineEndpoint({ method: "GET", path: "/projects/{project_id}/videos", tag, summary: "The project's videos, newest first", auth: "required", params: projectIdParams, response: z.array(videoResponse) }),
  assign: defineEndpoint({ method: "POST", path: "/projects/{project_id}/assign", tag, summary: "Move videos into the project (404 Video not found if any job id is not yours; then nothing changes)", auth: "required", params: projectIdParams, body: assignBody, response: assignResponse }),
};
