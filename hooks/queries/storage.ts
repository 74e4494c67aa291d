// The caller's stored files (uploads under users/<user_id>/) and deleting one, which also deletes
// the video registered with it.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, isApiClientError, unwrap, type Schemas } from "@/lib/browser/api-client";
import { useInvalidateVideos } from "./videos";

export type StoredFile = Schemas["StoredFile"];

export const storageQueries = {
  all: () => ["storage"] as const,
  files: () =>
    queryOptions({
      queryKey: [...storageQueries.all(), "files"],
      queryFn: async ({ signal }) => (await unwrap(api.GET("/storage/files", { signal }))).files,
    }),
};

export function useStoredFiles() {
  return useQuery(storageQueries.files());
}

/** DELETE /storage/files?key=…; a file that is already gone counts as deleted. */
export async function deleteStoredFile(filePath: string): Promise<void> {
  try {
    await unwrap(api.DELETE("/storage/files", { params: { query: { key: filePath } } }));
  } catch (err) {
    if (!isApiClientError(err, 404)) throw err;
  }
}

export function useDeleteStoredFile() {
  const queryClient = useQueryClient();
  const invalidateVideos = useInvalidateVideos();
  return useMutation({
    mutationFn: deleteStoredFile,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: storageQueries.all() }), invalidateVideos()]),
  });
}
