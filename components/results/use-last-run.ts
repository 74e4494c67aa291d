"use client";
// The module states and notes of a finished video's last run, and its notes about the whole run,
// read once from the event stream (which replays a finished run's stored events, then `done`). The
// results page shows them when it did not watch the run live, so a module's "why nothing" stays
// readable later.
import { useQuery } from "@tanstack/react-query";
import { followProcessingEvents } from "@/lib/browser/sse";
import { applyEvent, blank, type ModuleProgress } from "@/components/videos/processing-store";

export function useLastRun(jobId: string, selected: string[], enabled: boolean) {
  return useQuery({
    queryKey: ["last-run", jobId, selected.join(",")],
    enabled,
    staleTime: 60_000,
    retry: false,
    queryFn: async ({ signal }): Promise<{ modules: ModuleProgress[]; notes: string[] }> => {
      let state = blank(jobId, selected);
      await followProcessingEvents(jobId, { signal, onEvent: (e) => (state = applyEvent(state, e)) });
      return { modules: state.modules, notes: state.done?.notes ?? [] };
    },
  });
}
