"use client";
// /storage: every file uploaded to the caller's storage area, which video (if any) was made from
// it, and deleting it. Uploads that never became a video (a failed or abandoned start) show up
// here and nowhere else.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useDefaultModules } from "@/components/shell/capabilities";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormDialog } from "@/components/ui/form-dialog";
import { ModulePicker } from "@/components/videos/module-picker";
import { registerAndProcess } from "@/lib/browser/upload";
import type { ModuleName } from "@/lib/pipeline/modules/registry";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { QueryView } from "@/components/ui/query-view";
import { useDeleteStoredFile, useStoredFiles, type StoredFile } from "@/hooks/queries/storage";
import { useInvalidateVideos, useVideos, type Video } from "@/hooks/queries/videos";
import { formatBytes, formatDateTime } from "@/lib/browser/format";
import { plural } from "@/lib/core/words";

function baseName(path: string): string {
  return path.split("/").pop() || path;
}

/** A stored file whose video is gone analysed again: POST /videos/register-and-process with the chosen modules. */
function AnalyseDialog({ file, onClose }: { file: StoredFile; onClose: () => void }) {
  const router = useRouter();
  const invalidateVideos = useInvalidateVideos();
  const [modules, setModules] = useState<ModuleName[]>(useDefaultModules());
  const start = useMutation({
    mutationFn: () => registerAndProcess({ storage_path: file.filePath, file_name: baseName(file.name), modules }),
    onSuccess: async (video) => {
      await invalidateVideos();
      router.push(`/videos/${video.job_id}`);
    },
  });
  return (
    <FormDialog
      open
      wide
      title={`Analyse “${baseName(file.name)}”`}
      description="The file becomes a video again, analysed with the chosen modules."
      submitLabel="Analyse"
      busy={start.isPending}
      error={start.error}
      submitDisabled={modules.length === 0}
      onClose={onClose}
      onSubmit={() => start.mutate()}
    >
      <ModulePicker value={modules} onChange={setModules} />
    </FormDialog>
  );
}

function FileRow({ file, video, onDelete, onAnalyse }: { file: StoredFile; video: Video | undefined; onDelete: () => void; onAnalyse: () => void }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3" data-testid="stored-file">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-zinc-900" title={file.name}>
          {baseName(file.name)}
        </p>
        <p className="mt-0.5 text-xs text-zinc-500">
          {formatBytes(file.size)} · uploaded {formatDateTime(file.lastModified)}
          {" · "}
          {video ? (
            <>
              video{" "}
              <Link href={`/videos/${video.job_id}`} className="font-medium text-accent-700 underline underline-offset-2">
                {video.name}
              </Link>
            </>
          ) : (
            <span className="font-medium text-amber-800">not registered as a video</span>
          )}
        </p>
      </div>
      <span className="flex gap-1.5">
        {!video && (
          <Button size="sm" variant="secondary" onClick={onAnalyse} aria-label={`Analyse ${baseName(file.name)} again`}>
            Analyse again
          </Button>
        )}
        <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={onDelete} aria-label={`Delete ${baseName(file.name)}`}>
          Delete
        </Button>
      </span>
    </li>
  );
}

export function StorageView() {
  const files = useStoredFiles();
  const videos = useVideos();
  const remove = useDeleteStoredFile();
  const [deleting, setDeleting] = useState<StoredFile | null>(null);
  const [analysing, setAnalysing] = useState<StoredFile | null>(null);
  const byPath = useMemo(() => new Map((videos.data ?? []).map((v) => [v.storage_path, v])), [videos.data]);
  const total = (files.data ?? []).reduce((n, f) => n + f.size, 0);
  const orphans = (files.data ?? []).filter((f) => !byPath.has(f.filePath)).length;
  const deletingVideo = deleting ? byPath.get(deleting.filePath) : undefined;

  return (
    <>
      <PageHeader
        title="Storage"
        description="The files you uploaded. A file that is not a video (an upload whose analysis did not start, or whose video was deleted) can be analysed again or deleted here."
      />
      <QueryView
        query={files}
        loadingLabel="Loading your files…"
        errorTitle="Could not load your files"
        empty={<EmptyState title="No files" text="Files you upload appear here." action={<Link href="/upload" className="text-sm font-medium text-accent-700 underline underline-offset-2">Upload a video</Link>} />}
      >
        {(data) => (
          <section aria-labelledby="files-heading" className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-xs">
            <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-zinc-100 px-5 py-3">
              <h2 id="files-heading" className="text-sm font-semibold text-zinc-900">
                {plural(data.length, "file")} · {formatBytes(total)}
              </h2>
              {videos.data && <p className="text-xs text-zinc-500">{orphans === 0 ? "Every file belongs to a video." : `${orphans} not registered as a video`}</p>}
            </div>
            <ul className="divide-y divide-zinc-100">
              {data.map((f) => (
                <FileRow key={f.filePath} file={f} video={byPath.get(f.filePath)} onDelete={() => setDeleting(f)} onAnalyse={() => setAnalysing(f)} />
              ))}
            </ul>
          </section>
        )}
      </QueryView>
      {analysing && <AnalyseDialog file={analysing} onClose={() => setAnalysing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting ? baseName(deleting.name) : ""}”?`}
        confirmLabel="Delete file"
        busy={remove.isPending}
        error={remove.error}
        onCancel={() => {
          remove.reset();
          setDeleting(null);
        }}
        onConfirm={() => deleting && remove.mutate(deleting.filePath, { onSuccess: () => setDeleting(null) })}
      >
        {deletingVideo
          ? `The video “${deletingVideo.name}” made from it is deleted too, with its results and any share link. This cannot be undone.`
          : "The file is removed from your storage. This cannot be undone."}
      </ConfirmDialog>
    </>
  );
}
