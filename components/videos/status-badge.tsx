import { cn } from "@/components/ui/cn";
import type { VideoStatus } from "@/hooks/queries/videos";

const LOOK: Record<VideoStatus, { className: string; label: string; dot: string }> = {
  importing: { className: "bg-sky-50 text-sky-800 ring-sky-600/20", label: "Importing", dot: "bg-sky-500 animate-pulse" },
  uploaded: { className: "bg-zinc-100 text-zinc-700 ring-zinc-500/20", label: "Uploaded", dot: "bg-zinc-400" },
  queued: { className: "bg-amber-50 text-amber-800 ring-amber-600/20", label: "Queued", dot: "bg-amber-500" },
  processing: { className: "bg-accent-50 text-accent-700 ring-accent-600/20", label: "Processing", dot: "bg-accent-500 animate-pulse" },
  completed: { className: "bg-emerald-50 text-emerald-700 ring-emerald-600/20", label: "Completed", dot: "bg-emerald-500" },
  failed: { className: "bg-red-50 text-red-700 ring-red-600/20", label: "Failed", dot: "bg-red-500" },
};

export function statusLabel(status: VideoStatus): string {
  return LOOK[status]?.label ?? status;
}

export function VideoStatusBadge({ status, className }: { status: VideoStatus; className?: string }) {
  const look = LOOK[status] ?? LOOK.uploaded;
  return (
    <span
      data-status={status}
      className={cn("inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset", look.className, className)}
    >
      <span className={cn("size-1.5 rounded-full", look.dot)} aria-hidden="true" />
      {look.label}
    </span>
  );
}
