// Projects, for picking one at upload and filtering or moving videos, and for the /projects pages.
// The projects API may be missing on an older server: a 404 on the list means "no projects
// feature" and the pickers hide.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, isApiClientError, unwrap, type Schemas } from "@/lib/browser/api-client";
import { dashboardQueries } from "./dashboard";
import { isActiveStatus, videoQueries } from "./videos";

export type Project = Schemas["Project"];

export interface ProjectFields {
  name?: string;
  description?: string;
}

const inPath = (projectId: string) => ({ params: { path: { project_id: projectId } } });

export const projectQueries = {
  all: () => ["projects"] as const,
  list: () =>
    queryOptions({
      queryKey: [...projectQueries.all(), "list"],
      queryFn: ({ signal }) => unwrap(api.GET("/projects", { signal })),
      staleTime: 30_000,
    }),
  detail: (projectId: string) =>
    queryOptions({
      queryKey: [...projectQueries.all(), "detail", projectId],
      queryFn: ({ signal }) => unwrap(api.GET("/projects/{project_id}", { ...inPath(projectId), signal })),
    }),
  videos: (projectId: string) =>
    queryOptions({
      queryKey: [...projectQueries.all(), "videos", projectId],
      queryFn: ({ signal }) => unwrap(api.GET("/projects/{project_id}/videos", { ...inPath(projectId), signal })),
      // Like the videos list: badges move on their own while something is being analysed.
      refetchInterval: (query) => (query.state.data?.some((v) => isActiveStatus(v.status)) ? 3000 : false),
    }),
};

export function useProjects() {
  const q = useQuery(projectQueries.list());
  /** False when the server has no projects API (404) — hide project controls then. */
  const isAvailable = !isApiClientError(q.error, 404);
  return { ...q, isAvailable };
}

export function useProject(projectId: string) {
  return useQuery(projectQueries.detail(projectId));
}

export function useProjectVideos(projectId: string) {
  return useQuery(projectQueries.videos(projectId));
}

/** Everything that shows projects or a video's project: the projects, the videos, the dashboard. */
function useInvalidateProjects() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: projectQueries.all() }),
      queryClient.invalidateQueries({ queryKey: videoQueries.all() }),
      queryClient.invalidateQueries({ queryKey: dashboardQueries.all() }),
    ]);
}

export function useCreateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (fields: Required<Pick<ProjectFields, "name">> & ProjectFields) => unwrap(api.POST("/projects", { body: fields })),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: ({ projectId, fields }: { projectId: string; fields: ProjectFields }) => unwrap(api.PATCH("/projects/{project_id}", { ...inPath(projectId), body: fields })),
    onSuccess: (project) => {
      queryClient.setQueryData(projectQueries.detail(project.id).queryKey, project);
      return invalidate();
    },
    // A 404 means it was deleted elsewhere: refresh so it leaves the list.
    onError: (err) => (isApiClientError(err, 404) ? invalidate() : undefined),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (projectId: string) => unwrap(api.DELETE("/projects/{project_id}", inPath(projectId))),
    onSuccess: (_data, projectId) => {
      // The deleted project's own queries are not refetched (that would only 404); a page still
      // showing it leaves on its own, and unwatched ones go now.
      const own = (key: readonly unknown[]) => key[0] === "projects" && key[2] === projectId;
      for (const q of queryClient.getQueryCache().findAll({ predicate: (q) => own(q.queryKey) })) {
        if (q.getObserversCount() === 0) queryClient.removeQueries({ queryKey: q.queryKey, exact: true });
      }
      return Promise.all([
        queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === "projects" && !own(q.queryKey) }),
        queryClient.invalidateQueries({ queryKey: videoQueries.all() }),
        queryClient.invalidateQueries({ queryKey: dashboardQueries.all() }),
      ]);
    },
    onError: (err) => (isApiClientError(err, 404) ? invalidate() : undefined),
  });
}
