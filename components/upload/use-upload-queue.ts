"use client";
// The upload page's files and what happens to each: checked when added, then on Start uploaded
// (two at a time, real byte progress), registered and queued with the chosen modules, moved to
// the chosen project, and from then on followed through its processing events.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { videoQueries } from "@/hooks/queries/videos";
import { api, errorDetail, unwrap } from "@/lib/browser/api-client";
import type { ModuleName } from "@/lib/pipeline/modules/registry";
import { discardMultipartUpload, hasResumableUpload, MULTIPART_THRESHOLD, uploadInParts } from "@/lib/browser/multipart-upload";
import { checkFile, contentTypeFor, putFile, registerAndProcess, requestUploadUrl } from "@/lib/browser/upload";

export type UploadPhase = "rejected" | "ready" | "waiting" | "uploading" | "starting" | "started" | "failed" | "cancelled";

export interface UploadItem {
  id: string;
  file: File;
  phase: UploadPhase;
  /** Why the file was refused before upload, or why a step failed (the server's words). */
  error: string | null;
  failedStep: "upload" | "start" | null;
  loaded: number;
  /** Bytes per second, smoothed. */
  rate: number | null;
  storagePath: string | null;
  jobId: string | null;
  modules: ModuleName[];
  projectId: string | null;
  /** A problem after the analysis started (moving to the project). */
  warning: string | null;
  /** An earlier multipart upload of this very file was left unfinished: it resumes. */
  resumable: boolean;
}

type Action =
  | { type: "add"; files: File[] }
  | { type: "remove"; id: string }
  | { type: "clear-finished" }
  | { type: "start"; ids: string[]; modules: ModuleName[]; projectId: string | null }
  | { type: "patch"; id: string; patch: Partial<UploadItem> };

let counter = 0;

function reducer(items: UploadItem[], a: Action): UploadItem[] {
  switch (a.type) {
    case "add": {
      const known = new Set(items.filter((i) => i.phase === "ready" || i.phase === "rejected").map((i) => `${i.file.name}:${i.file.size}:${i.file.lastModified}`));
      const added = a.files
        .filter((f) => !known.has(`${f.name}:${f.size}:${f.lastModified}`))
        .map((file): UploadItem => {
          const error = checkFile(file);
          return {
            id: `u${++counter}`,
            file,
            phase: error ? "rejected" : "ready",
            error,
            failedStep: null,
            loaded: 0,
            rate: null,
            storagePath: null,
            jobId: null,
            modules: [],
            projectId: null,
            warning: null,
            resumable: !error && file.size > MULTIPART_THRESHOLD && hasResumableUpload(file),
          };
        });
      return [...items, ...added];
    }
    case "remove":
      return items.filter((i) => i.id !== a.id);
    case "clear-finished":
      return items.filter((i) => i.phase !== "started" && i.phase !== "rejected" && i.phase !== "cancelled");
    case "start":
      return items.map((i) =>
        a.ids.includes(i.id)
          ? { ...i, phase: "waiting", error: null, failedStep: null, modules: a.modules, projectId: a.projectId }
          : i,
      );
    case "patch":
      return items.map((i) => (i.id === a.id ? { ...i, ...a.patch } : i));
  }
}

const PARALLEL_UPLOADS = 2;

export function useUploadQueue() {
  const queryClient = useQueryClient();
  const [items, dispatch] = useReducer(reducer, []);
  const controllers = useRef(new Map<string, AbortController>());
  const running = useRef(new Set<string>());
  // Bumped when an upload ends, so the feeder looks for the next waiting file.
  const [finishedCount, setFinishedCount] = useState(0);

  const patch = useCallback((id: string, p: Partial<UploadItem>) => dispatch({ type: "patch", id, patch: p }), []);

  const startAnalysis = useCallback(
    async (item: UploadItem, storagePath: string) => {
      patch(item.id, { phase: "starting", storagePath, error: null, failedStep: null });
      try {
        const queued = await registerAndProcess({ storage_path: storagePath, file_name: item.file.name, modules: item.modules });
        patch(item.id, { phase: "started", jobId: queued.job_id });
        if (item.projectId) {
          try {
            await unwrap(api.PATCH("/videos/{job_id}", { params: { path: { job_id: queued.job_id } }, body: { project_id: item.projectId } }));
          } catch (err) {
            patch(item.id, { warning: `The analysis started, but the video could not be moved to the project: ${errorDetail(err)}` });
          }
        }
        void queryClient.invalidateQueries({ queryKey: videoQueries.all() });
        void queryClient.invalidateQueries({ queryKey: ["dashboard"] });
        void queryClient.invalidateQueries({ queryKey: ["projects"] });
      } catch (err) {
        patch(item.id, { phase: "failed", failedStep: "start", error: errorDetail(err) });
      }
    },
    [patch, queryClient],
  );

  const upload = useCallback(
    async (item: UploadItem) => {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      patch(item.id, { phase: "uploading", loaded: 0, rate: null, error: null, failedStep: null });
      try {
        let last: { t: number; loaded: number } | null = null;
        let rate: number | null = null;
        let lastPaint = 0;
        const onProgress = ({ loaded }: { loaded: number }) => {
          const now = performance.now();
          // A resumed upload starts with what the server already has: the rate counts from there.
          last ??= { t: now, loaded };
          const dt = (now - last.t) / 1000;
          if (dt >= 0.5) {
            const r = Math.max(0, (loaded - last.loaded) / dt);
            rate = rate === null ? r : rate * 0.6 + r * 0.4;
            last = { t: now, loaded };
          }
          // At most ~10 renders a second, and always the last one.
          if (now - lastPaint > 100 || loaded >= item.file.size) {
            lastPaint = now;
            patch(item.id, { loaded, rate });
          }
        };
        let filePath: string;
        if (item.file.size > MULTIPART_THRESHOLD) {
          // Large files go up in parts, several at once, resumable after a drop or a reload.
          filePath = (await uploadInParts(item.file, contentTypeFor(item.file), { signal: controller.signal, onProgress })).file_path;
        } else {
          const target = await requestUploadUrl(item.file, controller.signal);
          await putFile(target.upload_url, item.file, contentTypeFor(item.file), { signal: controller.signal, onProgress });
          filePath = target.file_path;
        }
        controllers.current.delete(item.id);
        patch(item.id, { loaded: item.file.size });
        await startAnalysis(item, filePath);
      } catch (err) {
        controllers.current.delete(item.id);
        if ((err as Error).name === "AbortError") patch(item.id, { phase: "cancelled", error: null });
        else patch(item.id, { phase: "failed", failedStep: "upload", error: errorDetail(err) });
      }
    },
    [patch, startAnalysis],
  );

  // Feed waiting items to the uploader, a few at a time.
  useEffect(() => {
    let slots = PARALLEL_UPLOADS - running.current.size;
    for (const item of items) {
      if (slots <= 0) break;
      if (item.phase !== "waiting" || running.current.has(item.id)) continue;
      running.current.add(item.id);
      slots--;
      void upload(item).finally(() => {
        running.current.delete(item.id);
        setFinishedCount((n) => n + 1);
      });
    }
  }, [items, upload, finishedCount]);

  // Leaving the page would cut uploads off: ask first.
  const uploading = items.some((i) => i.phase === "uploading" || i.phase === "waiting" || i.phase === "starting");
  useEffect(() => {
    if (!uploading) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [uploading]);

  useEffect(() => {
    const map = controllers.current;
    return () => {
      for (const c of map.values()) c.abort();
    };
  }, []);

  return {
    items,
    isBusy: uploading,
    add: (files: File[]) => dispatch({ type: "add", files }),
    remove: (id: string) => {
      controllers.current.get(id)?.abort();
      const item = items.find((i) => i.id === id);
      // Removing a file drops its unfinished parts on the server too.
      if (item && item.phase !== "started") void discardMultipartUpload(item.file);
      dispatch({ type: "remove", id });
    },
    cancel: (id: string) => {
      controllers.current.get(id)?.abort();
      const item = items.find((i) => i.id === id);
      if (item) void discardMultipartUpload(item.file);
    },
    clearFinished: () => dispatch({ type: "clear-finished" }),
    start: (ids: string[], modules: ModuleName[], projectId: string | null) => dispatch({ type: "start", ids, modules, projectId }),
    retry: (item: UploadItem) => {
      if (item.failedStep === "start" && item.storagePath) void startAnalysis(item, item.storagePath);
      else dispatch({ type: "start", ids: [item.id], modules: item.modules, projectId: item.projectId });
    },
  };
}
