// POST /enterprise?action=…: each action calls the same operation as its standard endpoint and
// answers as it does.
import type { Db } from "@/db/client";
import { listSegments } from "@/db/queries/segments";
import { badRequest } from "@/lib/core/errors";
import { askAgent } from "@/lib/chat/ask-agent";
import { jsonResponse } from "@/lib/api/handler";
import { createProject, listUserProjects } from "@/lib/projects/project-ops";
import { ENTERPRISE_ACTIONS, type EnterpriseAction, type EnterpriseBody } from "@/lib/schemas/enterprise";
import { projectResponse, toProjectResponse } from "@/lib/schemas/projects";
import { toSegmentResponse } from "@/lib/schemas/results";
import { toProcessingStatus } from "@/lib/schemas/videos";
import { requireVideo } from "@/lib/videos/video-ops";
import { processEnterpriseUpload } from "./process-upload";
import { registerEnterpriseUpload } from "./register-upload";

function required<K extends keyof EnterpriseBody>(body: EnterpriseBody, field: K): NonNullable<EnterpriseBody[K]> {
  const value = body[field];
  if (value === undefined || value === null) throw badRequest(`${String(field)}: is required`);
  return value as NonNullable<EnterpriseBody[K]>;
}

type Handler = (db: Db, userId: string, body: EnterpriseBody) => Promise<Response>;

const ACTIONS: Record<EnterpriseAction, Handler> = {
  // as GET /projects
  listProjects: async (db, userId) => jsonResponse((await listUserProjects(db, userId)).map(toProjectResponse)),
  // as POST /projects (201)
  createProject: async (db, userId, body) => {
    const project = await createProject(db, { userId, name: required(body, "name"), description: body.description });
    return jsonResponse(projectResponse.parse(toProjectResponse(project)), 201);
  },
  registerUpload: async (db, userId, body) =>
    jsonResponse(
      await registerEnterpriseUpload(db, {
        userId,
        name: required(body, "name"),
        selectedInsights: body.selected_insights,
        initialPrompt: body.initial_prompt,
        projectId: body.project_id,
        contentType: body.content_type,
      }),
    ),
  // as POST /processing/{job_id}/start
  process: async (db, userId, body) =>
    jsonResponse(await processEnterpriseUpload(db, { userId, jobId: required(body, "job_id"), selectedInsights: body.selected_insights })),
  // as GET /processing/{job_id}/status
  getStatus: async (db, userId, body) =>
    jsonResponse(toProcessingStatus(await requireVideo(db, { userId, jobId: required(body, "job_id") }))),
  // as GET /results/job/{job_id}, reduced to {job_id, status, segments}; `modules` filters (empty: all)
  getResults: async (db, userId, body) => {
    const video = await requireVideo(db, { userId, jobId: required(body, "job_id") });
    const modules = body.modules?.length ? body.modules : undefined;
    const segments = (await listSegments(db, { userId, jobId: video.jobId, modules })).map(toSegmentResponse);
    return jsonResponse({ job_id: video.jobId, status: video.status, segments });
  },
  // as POST /chat/ask (vector mode, no session): {answer, job_id, segments_used}
  askAgent: async (db, userId, body) =>
    jsonResponse(
      await askAgent(db, { userId, jobId: required(body, "job_id"), query: required(body, "query"), modules: body.modules }),
    ),
};

function isAction(action: string): action is EnterpriseAction {
  return (ENTERPRISE_ACTIONS as readonly string[]).includes(action);
}

export async function runEnterpriseAction(db: Db, params: { userId: string; action: string; body: EnterpriseBody }): Promise<Response> {
  if (!params.action) throw badRequest("Missing action");
  if (!isAction(params.action)) throw badRequest(`Unknown action: ${params.action}`);
  return ACTIONS[params.action](db, params.userId, params.body);
}
