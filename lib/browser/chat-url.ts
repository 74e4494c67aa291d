// The chat page's address holds what it shows, so a conversation can be linked and reloaded:
// /chat?video=<job id>&session=<session id>, or /chat?project=<project id>&session=<id> for a
// conversation about all videos of a project.
//
// Inside the chat components one string names what a conversation is about (its "scope"): a
// video's job id, or `project:<project id>`.

const PROJECT_PREFIX = "project:";

export function projectScope(projectId: string): string {
  return `${PROJECT_PREFIX}${projectId}`;
}

/** The project id of a project scope, else null (a video's job id). */
export function scopeProject(scope: string): string | null {
  return scope.startsWith(PROJECT_PREFIX) ? scope.slice(PROJECT_PREFIX.length) : null;
}

/** The API's fields for a scope: `{video_id}` or `{project_id}`. */
export function scopeBody(scope: string): { video_id: string } | { project_id: string } {
  const project = scopeProject(scope);
  return project ? { project_id: project } : { video_id: scope };
}

/** `video`: a video's job id or a scope (a project scope gives ?project=). */
export function chatHref(params: { video?: string | null; project?: string | null; session?: string | null } = {}): string {
  const q = new URLSearchParams();
  const project = params.project ?? (params.video ? scopeProject(params.video) : null);
  if (project) q.set("project", project);
  else if (params.video) q.set("video", params.video);
  if (params.session) q.set("session", params.session);
  const qs = q.toString();
  return qs ? `/chat?${qs}` : "/chat";
}
