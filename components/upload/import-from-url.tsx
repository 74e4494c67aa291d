"use client";
// "Import from URL" on the upload page: the server fetches a video from an http(s) address
// (POST /videos/import) and analyses it with the modules and project chosen on the page. Each
// import started here is listed with its live progress (bytes fetched, then the analysis) and a
// link to the video; a URL the server refuses is said in words (import-refusal.ts), and a failed
// import says why.
import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { VideoStatusBadge } from "@/components/videos/status-badge";
import { useImportVideo, useVideo } from "@/hooks/queries/videos";
import { errorDetail } from "@/lib/browser/api-client";
import type { ModuleName } from "@/lib/pipeline/modules/registry";
import { importRefusalInWords } from "./import-refusal";
import { StartedBody } from "./upload-item";

interface StartedImport {
  jobId: string;
  url: string;
  modules: ModuleName[];
}

function ImportItem({ item }: { item: StartedImport }) {
  const video = useVideo(item.jobId);
  return (
    <li className="rounded-xl border border-zinc-200 bg-white px-4 py-3 shadow-xs" data-testid="import-item" aria-label={`Import of ${item.url}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-zinc-900" title={video.data?.name}>
            {video.data?.name ?? "Starting the import…"}
          </p>
          <p className="truncate text-xs text-zinc-500" title={item.url}>
            from {item.url}
          </p>
        </div>
        {video.data && <VideoStatusBadge status={video.data.status} />}
      </div>
      <StartedBody jobId={item.jobId} modules={item.modules} />
    </li>
  );
}

export function ImportFromUrl({ modules, projectId }: { modules: ModuleName[]; projectId: string }) {
  const id = useId();
  const [url, setUrl] = useState("");
  const [imports, setImports] = useState<StartedImport[]>([]);
  const start = useImportVideo();
  const canImport = url.trim() !== "" && modules.length > 0 && !start.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = url.trim();
    if (!value || !modules.length) return;
    const chosen = [...modules];
    start.mutate(
      { url: value, modules: chosen, ...(projectId ? { project_id: projectId } : {}) },
      {
        onSuccess: (res) => {
          setImports((list) => [{ jobId: res.job_id, url: value, modules: chosen }, ...list]);
          setUrl("");
        },
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-zinc-200 bg-zinc-50/60 p-4">
      <h2 id={`${id}-heading`} className="text-sm font-semibold text-zinc-900">
        Import from URL
      </h2>
      <p className="mt-0.5 text-xs text-zinc-500">
        The server downloads the video (an http or https link to a video file, up to 4 GB) and analyses it with the modules chosen.
      </p>
      {/* The server checks the address (and says why it refuses one), not the browser. */}
      <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor={`${id}-url`} className="sr-only">
          Video URL
        </label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/video.mp4"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            if (start.isError) start.reset();
          }}
          aria-invalid={start.isError || undefined}
          aria-describedby={start.isError ? `${id}-error` : undefined}
          className="block h-10 min-w-0 flex-1 rounded-lg border-0 bg-white px-3 text-sm text-zinc-900 ring-1 ring-zinc-300 ring-inset placeholder:text-zinc-400 focus:ring-2 focus:ring-accent-600"
        />
        <Button type="submit" disabled={!canImport} busy={start.isPending}>
          Import and analyze
        </Button>
      </form>
      {modules.length === 0 && <p className="mt-2 text-xs text-zinc-500">Choose at least one module.</p>}
      {start.isError && (
        <Alert tone="error" className="mt-3" title="The video could not be imported">
          <span id={`${id}-error`}>{importRefusalInWords(errorDetail(start.error))}</span>
        </Alert>
      )}
      {imports.length > 0 && (
        <ul className="mt-3 space-y-3" aria-label="Imports">
          {imports.map((item) => (
            <ImportItem key={item.jobId} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
