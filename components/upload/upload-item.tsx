"use client";
// One file on the upload page: its checks, byte progress, and once started its live analysis.
import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ProcessingProgress } from "@/components/videos/processing-progress";
import { VideoStatusBadge } from "@/components/videos/status-badge";
import { useProcessing } from "@/components/videos/use-processing";
import { isActiveStatus, useVideo } from "@/hooks/queries/videos";
import type { UploadItem } from "./use-upload-queue";
import { formatBytes } from "@/lib/browser/format";

function ByteProgress({ item }: { item: UploadItem }) {
  const total = item.file.size;
  const pct = total ? Math.min(100, Math.floor((item.loaded / total) * 100)) : 0;
  const eta = item.rate && item.rate > 0 ? Math.max(0, Math.round((total - item.loaded) / item.rate)) : null;
  return (
    <div className="mt-2">
      <div className="flex items-center justify-between gap-2 text-xs text-zinc-600 tabular-nums">
        <span>
          Uploading · {formatBytes(item.loaded)} of {formatBytes(total)}
        </span>
        <span>
          {item.rate ? `${formatBytes(item.rate)}/s · ` : ""}
          {eta !== null && pct < 100 ? `${eta < 60 ? `${eta} s` : `${Math.ceil(eta / 60)} min`} left · ` : ""}
          <span className="font-medium text-zinc-900">{pct}%</span>
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`Upload of ${item.file.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-zinc-100"
      >
        <div className="h-full rounded-full bg-accent-600 transition-[width] duration-150" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/** A started video's live progress (import, then analysis) and the link to its page. */
export function StartedBody({ jobId, modules }: { jobId: string; modules: string[] }) {
  const video = useVideo(jobId);
  const status = video.data?.status;
  const state = useProcessing(jobId, {
    selected: modules,
    // Just started here: follow until the stream says done, whatever a stale poll says.
    follow: status === undefined || isActiveStatus(status) || status === "uploaded",
    activeSeenAt: isActiveStatus(status) ? video.dataUpdatedAt : undefined,
  });
  const finished = state.done?.status === "completed" || status === "completed";
  return (
    <div className="mt-3">
      <ProcessingProgress state={state} status={status} serverError={video.data?.error} />
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Link href={`/videos/${jobId}`} className={buttonClasses(finished ? "primary" : "secondary", "sm")}>
          {finished ? "Open results" : "Open video page"}
        </Link>
      </div>
    </div>
  );
}

export function UploadItemCard({
  item,
  onRemove,
  onCancel,
  onRetry,
}: {
  item: UploadItem;
  onRemove: () => void;
  onCancel: () => void;
  onRetry: () => void;
}) {
  const video = useVideo(item.jobId ?? "");
  return (
    <li
      className={cn(
        "rounded-xl border bg-white px-4 py-3 shadow-xs",
        item.phase === "rejected" || item.phase === "failed" ? "border-red-200" : "border-zinc-200",
      )}
      data-testid="upload-item"
      data-phase={item.phase}
      aria-label={item.file.name}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-zinc-900" title={item.file.name}>
            {item.file.name}
          </p>
          <p className="text-xs text-zinc-500">
            {formatBytes(item.file.size)}
            {item.phase === "ready" && (item.resumable ? " · ready, resumes the unfinished upload" : " · ready")}
            {item.phase === "waiting" && " · waiting to upload"}
            {item.phase === "starting" && " · uploaded, starting the analysis…"}
            {item.phase === "cancelled" && " · upload cancelled"}
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {item.phase === "started" && item.jobId && video.data && <VideoStatusBadge status={video.data.status} />}
          {item.phase === "uploading" || item.phase === "waiting" ? (
            <Button size="sm" variant="ghost" onClick={onCancel} aria-label={`Cancel upload of ${item.file.name}`}>
              Cancel
            </Button>
          ) : item.phase !== "starting" && item.phase !== "started" ? (
            <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${item.file.name}`}>
              <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true">
                <path d="M5 5l10 10M15 5 5 15" />
              </svg>
            </Button>
          ) : null}
        </div>
      </div>

      {item.phase === "rejected" && item.error && <p className="mt-2 text-sm text-red-700">{item.error}</p>}
      {(item.phase === "uploading" || item.phase === "starting") && <ByteProgress item={item} />}
      {item.phase === "failed" && (
        <Alert
          tone="error"
          className="mt-3"
          title={item.failedStep === "start" ? "Uploaded, but the analysis could not start" : "Upload failed"}
          action={
            <Button size="sm" variant="secondary" onClick={onRetry}>
              {item.failedStep === "start" ? "Try starting again" : "Retry upload"}
            </Button>
          }
        >
          {item.error}
        </Alert>
      )}
      {item.phase === "cancelled" && (
        <div className="mt-2">
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Upload again
          </Button>
        </div>
      )}
      {item.warning && (
        <Alert tone="warning" className="mt-3">
          {item.warning}
        </Alert>
      )}
      {item.phase === "started" && item.jobId && <StartedBody jobId={item.jobId} modules={item.modules} />}
    </li>
  );
}
