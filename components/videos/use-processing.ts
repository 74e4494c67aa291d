"use client";
// A video's live processing progress for a component, plus what follows a finished run: the
// video, the lists, its segments and the notifications are fetched again.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import { videoQueries } from "@/hooks/queries/videos";
import { getProcessingState, resetProcessing, subscribeProcessing, type ProcessingState } from "./processing-store";

const IDLE: ProcessingState = { jobId: "", connection: "idle", modules: [], decode: null, importing: null, done: null, doneAt: null, error: null };

export function useProcessing(
  jobId: string | null | undefined,
  opts: {
    /** Module names the run was started with (to list them before their events arrive). */
    selected: string[];
    /** Follow the stream: the video is queued or processing (or was just started here). */
    follow: boolean;
    /** When the server last said the video is queued/processing (Date.now() clock). */
    activeSeenAt?: number;
  },
): ProcessingState {
  const queryClient = useQueryClient();
  const selectedKey = opts.selected.join(",");
  const selectedRef = useRef(opts.selected);
  // eslint-disable-next-line react-hooks/refs -- getSnapshot reads it during this very render
  selectedRef.current = opts.selected;

  const subscribe = useCallback(
    (cb: () => void) => (jobId && opts.follow ? subscribeProcessing(jobId, selectedRef.current, cb) : () => {}),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- selectedKey stands for the content of opts.selected (a new array each render)
    [jobId, opts.follow, selectedKey],
  );
  const state = useSyncExternalStore(
    subscribe,
    () => (jobId ? getProcessingState(jobId, selectedRef.current) : IDLE),
    () => IDLE,
  );

  // The server says a run is going on, seen after the one we followed ended: a new run (started
  // in another tab or by a script). Follow it from scratch.
  useEffect(() => {
    if (!jobId || !opts.follow || !state.doneAt || !opts.activeSeenAt) return;
    if (opts.activeSeenAt > state.doneAt + 1500) resetProcessing(jobId, selectedRef.current);
  }, [jobId, opts.follow, opts.activeSeenAt, state.doneAt]);

  // A finished run changes the video, the lists, the segments and the notifications.
  const handled = useRef<number | null>(null);
  useEffect(() => {
    if (!jobId || !state.doneAt || handled.current === state.doneAt) return;
    handled.current = state.doneAt;
    void queryClient.invalidateQueries({ queryKey: videoQueries.all() });
    void queryClient.invalidateQueries({ queryKey: ["segments", jobId] });
    void queryClient.invalidateQueries({ queryKey: ["notifications"] });
    void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
  }, [jobId, state.doneAt, queryClient]);

  return state;
}

export { resetProcessing };
