"use client";
// /videos/[jobId]: the player, a timeline per module, the segment lists, downloads and sharing;
// while the video is processing, its live progress (and segments appear as modules finish).
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { LoadError, NOT_FOUND_DETAIL } from "@/components/ui/load-error";
import { LoadingBlock } from "@/components/ui/spinner";
import { moduleLabel, sortModules } from "@/lib/pipeline/modules/registry";
import { ProcessingProgress, RunNotes } from "@/components/videos/processing-progress";
import type { ProcessingState } from "@/components/videos/processing-store";
import { VideoStatusBadge } from "@/components/videos/status-badge";
import { useProcessing } from "@/components/videos/use-processing";
import { VideoActionDialogs, type VideoAction } from "@/components/videos/video-actions";
import { chapterQueries, useChapters } from "@/hooks/queries/chapters";
import { segmentQueries, useSegments } from "@/hooks/queries/segments";
import { isActiveStatus, selectedModules, useVideo, type Video } from "@/hooks/queries/videos";
import { errorDetail } from "@/lib/browser/api-client";
import { formatBytes, formatDateTime, formatDuration } from "@/lib/browser/format";
import { captionsUrlAt, captionsUrlFor } from "@/lib/browser/captions";
import { AnalysisChart } from "./analysis-chart";
import { ChaptersPanel } from "./chapters-panel";
import { PeoplePanel } from "./people-panel";
import { Downloads } from "./downloads";
import { usePlayerStore } from "./player-store";
import { useLastRun } from "./use-last-run";
import { SegmentPanel } from "./segment-panel";
import { SharePanel } from "./share-panel";
import { Timeline, type TimeRange } from "./timeline";
import { ClipMaker } from "@/components/clips/clip-maker";
import { ClipSelectionBar, useClipDraft } from "@/components/clips/clip-draft";
import { TranscriptPanel } from "./transcript-panel";
import { VideoPlayer } from "./video-player";
import { plural } from "@/lib/core/words";

function DetailsCard({ video, onEdit }: { video: Video; onEdit: () => void }) {
  const modules = selectedModules(video);
  const rows: [string, React.ReactNode][] = [
    ["Description", video.description ? <span className="whitespace-pre-line">{video.description}</span> : <span className="text-zinc-500">No description</span>],
    ["Modules", modules.length ? sortModules(modules).map(moduleLabel).join(", ") : <span className="text-zinc-500">None chosen</span>],
    ["Duration", formatDuration(video.duration)],
    ["File size", formatBytes(video.file_size)],
    ["Uploaded", formatDateTime(video.created_at)],
    ["Processing time", video.processing_time != null ? formatDuration(video.processing_time) : <span className="text-zinc-500">—</span>],
    // The id is for scripts: copied on request, not printed on the page.
    ["For scripts", <CopyButton key="id" text={video.job_id} label="Copy the video’s ID" variant="ghost" accessibleLabel="Copy the video’s ID (job_id) for the API" />],
  ];
  return (
    <Card aria-labelledby="details-heading">
      <CardHeader
        title="Details"
        titleId="details-heading"
        actions={
          <Button size="sm" variant="ghost" onClick={onEdit}>
            Edit
          </Button>
        }
      />
      <dl className="divide-y divide-zinc-100">
        {rows.map(([k, v]) => (
          <div key={k} className="grid grid-cols-3 gap-3 px-5 py-2.5 text-sm">
            <dt className="text-zinc-500">{k}</dt>
            <dd className="col-span-2 min-w-0 break-words text-zinc-900">{v}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

export function ResultsView({ jobId, initialTime }: { jobId: string; initialTime?: number }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const video = useVideo(jobId);
  const v = video.data;
  const active = isActiveStatus(v?.status);
  const segments = useSegments(jobId, { enabled: !!v });
  // Shared with the chapters panel (one query): the marks on the player's progress bar.
  const chapters = useChapters(jobId, { enabled: !!v && !active && (segments.data?.length ?? 0) > 0 });
  const store = usePlayerStore(initialTime);
  const [action, setAction] = useState<VideoAction | null>(null);
  // The latest range dragged out on the timeline (shown over it) and the clip its ranges make.
  const [clipRange, setClipRange] = useState<TimeRange | null>(null);
  const clipDraft = useClipDraft(jobId, v?.duration ?? 0);
  const selected = useMemo(() => (v ? selectedModules(v) : []), [v]);
  const processing = useProcessing(jobId, {
    selected,
    follow: active,
    activeSeenAt: active ? video.dataUpdatedAt : undefined,
  });
  // Not watched live here: the finished run's module notes come from its stored events.
  const watchedLive = processing.modules.some((m) => m.state !== "waiting");
  const lastRun = useLastRun(jobId, selected, !!v && !active && !watchedLive);
  const moduleProgress = watchedLive ? processing.modules : lastRun.data?.modules;
  const runNotes = processing.done?.notes.length ? processing.done.notes : (lastRun.data?.notes ?? []);

  // Segments arrive module by module: fetch them again whenever one finishes with some.
  // (A long video's parts each show their segments as they finish.)
  const finishedWithSegments = processing.modules.filter((m) => m.state === "done" && (m.segments ?? 0) > 0).length + (processing.chunks?.done.length ?? 0);
  useEffect(() => {
    if (finishedWithSegments > 0) {
      void queryClient.invalidateQueries({ queryKey: segmentQueries.all(jobId) });
      void queryClient.invalidateQueries({ queryKey: chapterQueries.all(jobId) });
    }
  }, [finishedWithSegments, jobId, queryClient]);

  const counts = useMemo(() => {
    const c: Record<string, number> = {};
    for (const s of segments.data ?? []) c[s.module] = (c[s.module] ?? 0) + 1;
    return c;
  }, [segments.data]);
  const panelModules = useMemo(() => sortModules([...selected, ...Object.keys(counts)]), [selected, counts]);

  if (video.isPending) return <LoadingBlock label="Loading the video…" />;
  if (video.isError || !v) {
    return (
      <div className="space-y-4">
        <BackLink />
        <LoadError title="Could not load this video" query={video} notFound={{ title: "Video not found", detail: NOT_FOUND_DETAIL }} />
      </div>
    );
  }

  const showProgress = active || processing.modules.some((m) => m.state !== "waiting") || processing.done !== null;
  const segs = segments.data ?? [];
  const sourceKey = `${v.job_id}:${v.status === "completed" ? "done" : "pending"}`;

  return (
    <>
      <BackLink />
      <header className="mt-2 mb-5 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-zinc-900">{v.name}</h1>
            <VideoStatusBadge status={v.status} />
          </div>
          <p className="mt-1 text-sm text-zinc-500">
            {v.duration > 0 ? `${formatDuration(v.duration)} · ` : ""}
            {/* an import that never fetched a byte has no size to show */}
            {v.file_size > 0 ? `${formatBytes(v.file_size)} · ` : ""}uploaded {formatDateTime(v.created_at)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link href={`/chat?video=${v.job_id}`} className={buttonClasses("secondary", "sm")}>Ask about it</Link>
          <Button size="sm" variant="secondary" onClick={() => setAction("edit")}>
            Edit
          </Button>
          {v.status === "completed" && (
            <Button size="sm" variant="secondary" onClick={() => setAction("add-modules")}>
              Add modules
            </Button>
          )}
          <Button size="sm" variant="secondary" disabled={active} onClick={() => setAction("reprocess")} title={active ? "Wait for the current run to finish" : undefined}>
            {v.status === "uploaded" ? "Analyze" : "Reprocess"}
          </Button>
          <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setAction("delete")}>
            Delete
          </Button>
        </div>
      </header>

      <div className="space-y-6">
        {v.status === "uploaded" && !showProgress && (
          <Alert
            tone="info"
            title="Not analysed yet"
            action={
              <Button size="sm" onClick={() => setAction("reprocess")}>
                Choose modules and start
              </Button>
            }
          >
            This video is uploaded but no analysis has run on it.
          </Alert>
        )}
        {/* The reason a run failed, said once (the finished run below keeps only its modules). */}
        {v.status === "failed" && (
          <Alert
            tone="error"
            title="Processing failed"
            action={
              <Button size="sm" variant="secondary" onClick={() => setAction("reprocess")}>
                Try again
              </Button>
            }
          >
            {v.error ?? "The server did not say why."}
          </Alert>
        )}
        {!active && <RunNotes notes={runNotes} />}
        {showProgress &&
          (active ? (
            <Card aria-labelledby="progress-heading">
              <CardHeader title="Processing" titleId="progress-heading" description="Live from the server. You can leave this page; processing continues." />
              <div className="px-5 py-4">
                <ProcessingProgress state={processing} status={v.status} serverError={v.error} />
              </div>
            </Card>
          ) : (
            <FinishedRun state={processing} status={v.status} error={v.error} />
          ))}

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="min-w-0 space-y-6">
            <VideoPlayer
              store={store}
              sources={v}
              sourceKey={sourceKey}
              title={v.name}
              captionsUrl={captionsUrlAt(captionsUrlFor(v.thumbnail_url, !!counts.transcription), segs)}
              chapters={!active && segs.length > 0 ? chapters.data : undefined}
              duration={v.duration}
            />
            {!active && segs.length > 0 && <ChaptersPanel jobId={jobId} store={store} />}
            <Card aria-labelledby="timeline-heading">
              <CardHeader title="Timeline" titleId="timeline-heading" description="Click a block to jump there." />
              <div className="px-5 py-4">
                {segments.isPending ? (
                  <LoadingBlock label="Loading segments…" className="py-6" />
                ) : segments.isError ? (
                  <Alert tone="error" title="Could not load the segments">
                    {errorDetail(segments.error)}
                  </Alert>
                ) : (
                  <Timeline
                    segments={segs}
                    duration={v.duration}
                    store={store}
                    thumbnailUrl={v.status === "completed" ? v.thumbnail_url : null}
                    emptyText={active ? "Segments appear here as modules finish." : "No module produced segments for this video."}
                    selection={clipRange}
                    onRangeSelect={
                      v.duration > 0 && v.status !== "importing"
                        ? (r) => {
                            setClipRange(r);
                            clipDraft.add(r);
                          }
                        : undefined
                    }
                  />
                )}
                <ClipSelectionBar draft={clipDraft} />
              </div>
            </Card>
            {v.status === "completed" && (
              <PeoplePanel
                jobId={jobId}
                duration={v.duration}
                store={store}
                groupingOff={(moduleProgress ?? []).some((m) => m.module === "visualelements" && m.notes.some((n) => n.startsWith("Face grouping is off")))}
              />
            )}
            <TranscriptPanel segments={segs} store={store} jobId={jobId} />
            {segs.length > 0 && <AnalysisChart segments={segs} duration={v.duration} store={store} />}
          </div>
          <div className="relative min-w-0 lg:min-h-[20rem]">
            {segments.data && panelModules.length > 0 ? (
              <SegmentPanel segments={segs} modules={panelModules} store={store} progress={moduleProgress} pending={active} className="lg:absolute lg:inset-0" />
            ) : (
              <div className="grid h-full place-items-center rounded-xl border border-dashed border-zinc-300 p-6 text-center text-sm text-zinc-500 lg:absolute lg:inset-0">
                {segments.isPending ? "Loading segments…" : "No modules were chosen for this video."}
              </div>
            )}
          </div>
        </div>

        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
          <div className="min-w-0 space-y-6">
            {panelModules.length > 0 && <Downloads jobId={jobId} modules={panelModules} counts={counts} />}
            <SharePanel jobId={jobId} shared={v.shared} />
            {v.duration > 0 && v.status !== "importing" && (
              <ClipMaker duration={v.duration} name={v.name} store={store} draft={clipDraft} />
            )}
          </div>
          <DetailsCard video={v} onEdit={() => setAction("edit")} />
        </div>
      </div>

      {action && (
        <VideoActionDialogs video={v} action={action} onClose={() => setAction(null)} onDeleted={() => router.replace("/videos")} />
      )}
    </>
  );
}

/** The run that finished while this page (or the upload page) watched it: a one-line summary, its module notes on demand. */
function FinishedRun({ state, status, error }: { state: ProcessingState; status: Video["status"]; error: string | null }) {
  const failed = state.done?.status === "failed" || status === "failed";
  const withNotes = state.modules.filter((m) => m.notes.length > 0).length;
  const segments = state.modules.reduce((n, m) => n + (m.selected ? (m.segments ?? 0) : 0), 0);
  const reported = state.modules.every((m) => m.state === "done");
  return (
    <details open={failed} className="group rounded-xl border border-zinc-200 bg-white shadow-xs">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-5 py-3 [&::-webkit-details-marker]:hidden">
        <span className="min-w-0 text-sm">
          <span className={failed ? "font-medium text-red-700" : "font-medium text-emerald-700"}>{failed ? "The failed run" : "Analysis complete"}</span>
          <span className="text-zinc-500">
            {" "}
            · {plural(state.modules.length, "module")}
            {reported && ` · ${plural(segments, "segment")}`}
            {withNotes > 0 && ` · ${withNotes} with notes`}
          </span>
        </span>
        <span className="flex shrink-0 items-center gap-1 text-sm font-medium text-accent-700">
          <span className="group-open:hidden">Show details</span>
          <span className="hidden group-open:inline">Hide details</span>
          <svg viewBox="0 0 20 20" className="size-4 transition-transform group-open:rotate-180" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d="m5 7.5 5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
      </summary>
      <div className="border-t border-zinc-100 px-5 py-4">
        <ProcessingProgress state={state} status={status} serverError={error} withRunNotes={false} withError={status !== "failed"} />
      </div>
    </details>
  );
}

function BackLink() {
  return (
    <Link href="/videos" className="inline-flex items-center gap-1 text-sm font-medium text-zinc-500 hover:text-zinc-900">
      <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M12.5 15 7.5 10l5-5" />
      </svg>
      Videos
    </Link>
  );
}
