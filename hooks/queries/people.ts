// The people seen in a video (faces grouped across it) and renaming one.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { apiClient } from "@/lib/browser/api-client";
import type { personResponse } from "@/lib/schemas/people";
import { segmentQueries } from "./segments";

export type Person = z.output<typeof personResponse>;

export const peopleQueries = {
  list: (jobId: string) =>
    queryOptions({
      queryKey: ["people", jobId],
      queryFn: ({ signal }) => apiClient.get<Person[]>(`/videos/${encodeURIComponent(jobId)}/people`, { signal }),
    }),
};

export function usePeople(jobId: string, opts: { enabled: boolean }) {
  return useQuery({ ...peopleQueries.list(jobId), enabled: opts.enabled });
}

export function useRenamePerson(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, name }: { personId: string; name: string }) =>
      apiClient.patch<Person>(`/videos/${encodeURIComponent(jobId)}/people/${encodeURIComponent(personId)}`, { name }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ["people", jobId] });
      // The appearance segments now carry the name.
      void qc.invalidateQueries({ queryKey: segmentQueries.all(jobId) });
    },
  });
}
