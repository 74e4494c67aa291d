"use client";
// /videos: every video with its status (kept fresh while something is processing), filters by
// status, project and name, and the actions on each.
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClasses } from "@/components/ui/form-dialog";
import { IconButton } from "@/components/ui/icon-button";
import { PageHeader } from "@/components/ui/page-header";
import { QueryView } from "@/components/ui/query-view";
import { UploadLink } from "@/components/upload/upload-link";
import { useProjects, type Project } from "@/hooks/queries/projects";
import { isActiveStatus, selectedModules, useVideos, VIDEO_STATUSES, type Video, type VideoStatus } from "@/hooks/queries/videos";
import { formatBytes, formatDateTime, formatDuration, formatRelative } from "@/lib/browser/format";
import { moduleLabel } from "@/lib/pipeline/modules/registry";
import { VideoStatusBadge, statusLabel } from "./status-badge";
import { useProcessing } from "./use-processing";
import { VideoActionDialogs, type VideoAction } from "./video-actions";
import { VideoThumbnail } from "./video-thumbnail";
import { plural } from "@/lib/core/words";

function LiveLine({ video }: { video: Video }) {
  const state = useProcessing(video.job_id, {
    selected: selectedModules(video),
    follow: video.status === "processing",
  });
  const running = state.modules.find((m) => m.state === "running");
  const done = state.modules.filter((m) => m.state === "done").length;
  if (!running && !done) return null;
  return (
    <p className="mt-0.5 truncate text-xs text-accent-700">
      {running ? `Running ${moduleLabel(running.module).toLowerCase()} · ` : ""}
      {done} of {state.modules.length} modules done
    </p>
  );
}

function VideoRow({ video, project, onAction }: { video: Video; project?: Project; onAction: (a: VideoAction) => void }) {
  const modules = selectedModules(video);
  return (
    <li className="flex items-start gap-3 px-4 py-3 sm:gap-4 sm:px-5" data-testid="video-row" data-job-id={video.job_id}>
      <Link href={`/videos/${video.job_id}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <VideoThumbnail url={video.status === "completed" ? video.thumbnail_url : null} className="aspect-video w-20 sm:w-28" />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link href={`/videos/${video.job_id}`} className="min-w-0 truncate text-sm font-medium text-zinc-900 hover:text-accent-700 hover:underline underline-offset-4">
            {video.name}
          </Link>
          <VideoStatusBadge status={video.status} />
        </div>
        <p className="mt-0.5 text-xs text-zinc-500">
          {video.duration > 0 && <>{formatDuration(video.duration)} · </>}
          {video.file_size > 0 && <>{formatBytes(video.file_size)} · </>}
          <time dateTime={`${video.created_at}Z`} title={formatDateTime(video.created_at)}>
            {formatRelative(video.created_at)}
          </time>
          {project && <> · {project.name}</>}
          {modules.length > 0 && <span className="hidden sm:inline"> · {plural(modules.length, "module")}</span>}
        </p>
        {video.description && <p className="mt-1 line-clamp-2 text-sm text-zinc-600">{video.description}</p>}
        {video.status === "failed" && video.error && <p className="mt-1 line-clamp-2 text-xs text-red-700">{video.error}</p>}
        {video.status === "processing" && <LiveLine video={video} />}
      </div>
      <div className="-mr-2 flex shrink-0 flex-col items-center sm:flex-row">
        <IconButton icon="edit" label={`Edit “${video.name}”`} onClick={() => onAction("edit")} />
        {!isActiveStatus(video.status) && (
          <IconButton icon="reprocess" label={`Reprocess “${video.name}”`} onClick={() => onAction("reprocess")} />
        )}
        <IconButton icon="delete" label={`Delete “${video.name}”`} onClick={() => onAction("delete")} />
      </div>
    </li>
  );
}

function StatusFilter({ value, counts, onChange }: { value: VideoStatus | null; counts: Record<string, number>; onChange: (s: VideoStatus | null) => void }) {
  const options: (VideoStatus | null)[] = [null, ...VIDEO_STATUSES];
  return (
    <div role="group" aria-label="Filter by status" className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1">
      {options.map((s) => {
        const n = s ? (counts[s] ?? 0) : counts.all;
        const active = value === s;
        if (s && !n && !active) return null;
        return (
          <button
            key={s ?? "all"}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(s)}
            className={cn(
              "inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm font-medium whitespace-nowrap ring-1 ring-inset",
              active ? "bg-zinc-900 text-white ring-zinc-900" : "bg-white text-zinc-700 ring-zinc-300 hover:bg-zinc-50",
            )}
          >
            {s ? statusLabel(s) : "All"}
            <span className={cn("tabular-nums", active ? "text-zinc-300" : "text-zinc-500")}>{n}</span>
          </button>
        );
      })}
    </div>
  );
}

export function VideosView({ initialStatus, initialProject }: { initialStatus?: VideoStatus; initialProject?: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const searchId = useId();
  const projectSelectId = useId();
  const [status, setStatus] = useState<VideoStatus | null>(initialStatus ?? null);
  const [projectId, setProjectId] = useState(initialProject ?? "");
  const [text, setText] = useState("");
  const [pending, setPending] = useState<{ video: Video; action: VideoAction } | null>(null);
  const projects = useProjects();
  const projectFilter = projects.isAvailable ? projectId : "";
  const videos = useVideos({ projectId: projectFilter || undefined });

  const setFilters = (next: { status?: VideoStatus | null; projectId?: string }) => {
    const s = next.status === undefined ? status : next.status;
    const p = next.projectId === undefined ? projectId : next.projectId;
    setStatus(s);
    setProjectId(p);
    const q = new URLSearchParams();
    if (s) q.set("status", s);
    if (p) q.set("project", p);
    const qs = q.toString();
    router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
  };

  const counts = useMemo(() => {
    const c: Record<string, number> = { all: videos.data?.length ?? 0 };
    for (const v of videos.data ?? []) c[v.status] = (c[v.status] ?? 0) + 1;
    return c;
  }, [videos.data]);

  const shown = useMemo(() => {
    const needle = text.trim().toLowerCase();
    return (videos.data ?? []).filter(
      (v) => (!status || v.status === status) && (!needle || v.name.toLowerCase().includes(needle) || v.description?.toLowerCase().includes(needle)),
    );
  }, [videos.data, status, text]);

  const projectById = useMemo(() => new Map((projects.data ?? []).map((p) => [p.id, p])), [projects.data]);
  const filtered = !!status || !!text.trim() || !!projectFilter;
  const live = (videos.data ?? []).filter((v) => isActiveStatus(v.status)).length;

  return (
    <>
      <PageHeader
        title="Videos"
        description={live ? `${live} video${live === 1 ? " is" : "s are"} being analysed; this list updates by itself.` : "Everything you have uploaded, with its analysis."}
        actions={
          <UploadLink size="md" />
        }
      />

      <div className="mb-4 space-y-3">
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="min-w-0 flex-1">
            <label htmlFor={searchId} className="sr-only">
              Filter by name
            </label>
            <input id={searchId} type="search" placeholder="Filter by name or description" value={text} onChange={(e) => setText(e.target.value)} className={cn(inputClasses, "h-10")} />
          </div>
          {projects.isAvailable && (projects.data?.length ?? 0) > 0 && (
            <div className="sm:w-56">
              <label htmlFor={projectSelectId} className="sr-only">
                Filter by project
              </label>
              <select id={projectSelectId} value={projectId} onChange={(e) => setFilters({ projectId: e.target.value })} className={cn(inputClasses, "h-10")}>
                <option value="">All projects</option>
                {projects.data?.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} ({p.video_count})
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
        {videos.data && videos.data.length > 0 && <StatusFilter value={status} counts={counts} onChange={(s) => setFilters({ status: s })} />}
      </div>

      <QueryView
        query={videos}
        loadingLabel="Loading your videos…"
        errorTitle="Could not load your videos"
        isEmpty={() => shown.length === 0}
        empty={
          filtered ? (
            <EmptyState
              title="No videos match these filters."
              action={
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    setText("");
                    setFilters({ status: null, projectId: "" });
                  }}
                >
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState
              title="No videos yet"
              text="Upload one to see its shots, scenes, transcript and more."
              action={
                <UploadLink />
              }
            />
          )
        }
      >
        {() => (
          <ul className="divide-y divide-zinc-100 rounded-xl border border-zinc-200 bg-white shadow-xs" aria-label="Videos">
            {shown.map((v) => (
              <VideoRow key={v.job_id} video={v} project={v.project_id ? projectById.get(v.project_id) : undefined} onAction={(action) => setPending({ video: v, action })} />
            ))}
          </ul>
        )}
      </QueryView>
      <p className="sr-only" aria-live="polite">
        {videos.data ? `${plural(shown.length, "video")} shown` : ""}
      </p>

      {pending && <VideoActionDialogs video={pending.video} action={pending.action} onClose={() => setPending(null)} />}
    </>
  );
}
