// The people seen in a video (faces grouped across it) and renaming one.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap, type Schemas } from "@/lib/browser/api-client";
import { segmentQueries } from "./segments";

export type Person = Schemas["Person"];

export const peopleQueries = {
  list: (jobId: string) =>
    queryOptions({
      queryKey: ["people", jobId],
      queryFn: ({ signal }) => unwrap(api.GET("/videos/{job_id}/people", { params: { path: { job_id: jobId } }, signal })),
    }),
};

export function usePeople(jobId: string, opts: { enabled: boolean }) {
  return useQuery({ ...peopleQueries.list(jobId), enabled: opts.enabled });
}

export function useRenamePerson(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, name }: { personId: string; name: string }) =>
      unwrap(api.PATCH("/videos/{job_id}/people/{person_id}", { params: { path: { job_id: jobId, person_id: personId } }, body: { name } })),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ["people", jobId] });
      // The appearance segments now carry the name.
      void qc.invalidateQueries({ queryKey: segmentQueries.all(jobId) });
    },
  });
}
