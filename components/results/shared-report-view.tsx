"use client";
// /share/[hash]: a shared report, read-only and without signing in: the player, the timeline,
// the chapters (as the owner titled them) and the segment lists, and the data as one JSON file.
import { useMemo } from "react";
import { PublicPage } from "@/components/shell/public-page";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { LoadingBlock } from "@/components/ui/spinner";
import { sortModules } from "@/lib/pipeline/modules/registry";
import { useSharedReport, type Segment, type SharedReport } from "@/hooks/queries/segments";
import { errorDetail, isApiClientError } from "@/lib/browser/api-client";
import { captionsUrlFor } from "@/lib/browser/captions";
import { formatDate, formatDuration } from "@/lib/browser/format";
import { ChaptersPanel } from "./chapters-panel";
import { usePlayerStore } from "./player-store";
import { SegmentPanel } from "./segment-panel";
import { Timeline } from "./timeline";
import { TranscriptPanel } from "./transcript-panel";
import { VideoPlayer } from "./video-player";
import { saveBlob } from "@/lib/browser/save-file";

function saveJson(report: SharedReport) {
  const blob = new Blob([JSON.stringify(report, null, 2)], { type: "application/json" });
  saveBlob(blob, `${report.video_name.replace(/[^\w.-]+/g, "_") || "report"}-report.json`);
}

function Body({ report, initialTime }: { report: SharedReport; initialTime?: number }) {
  const store = usePlayerStore(initialTime);
  const segments = useMemo(
    () => Object.values(report.modules).flat().sort((a: Segment, b: Segment) => a.start_time - b.start_time),
    [report.modules],
  );
  const modules = useMemo(() => sortModules(Object.keys(report.modules)), [report.modules]);
  return (
    <>
      <div className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase">Shared report</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-zinc-900">{report.video_name}</h1>
          <p className="mt-1 text-sm text-zinc-500">
            {report.duration > 0 ? `${formatDuration(report.duration)} · ` : ""}
            {segments.length} segments · uploaded {formatDate(report.created_at)}
            {report.status !== "completed" && ` · ${report.status}`}
          </p>
        </div>
        <Button size="sm" variant="secondary" onClick={() => saveJson(report)}>
          Download JSON
        </Button>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <VideoPlayer
            store={store}
            sources={report}
            sourceKey={report.video_name}
            title={report.video_name}
            captionsUrl={captionsUrlFor(report.thumbnail_url, !!report.modules.transcription?.length)}
          />
          <Card aria-labelledby="timeline-heading">
            <CardHeader title="Timeline" titleId="timeline-heading" description="Click a block to jump there." />
            <div className="px-5 py-4">
              <Timeline
                segments={segments}
                duration={report.duration}
                store={store}
                thumbnailUrl={report.status === "completed" ? report.thumbnail_url : null}
                emptyText="This report has no segments."
              />
            </div>
          </Card>
          {report.chapters.length > 0 && <ChaptersPanel jobId="" store={store} chapters={report.chapters} />}
          <TranscriptPanel segments={segments} store={store} />
        </div>
        <div className="relative min-w-0 lg:min-h-[20rem]">
          {modules.length > 0 && <SegmentPanel segments={segments} modules={modules} store={store} className="lg:absolute lg:inset-0" />}
        </div>
      </div>
    </>
  );
}

export function SharedReportView({ hash, initialTime }: { hash: string; initialTime?: number }) {
  const report = useSharedReport(hash);
  return (
    <PublicPage width="max-w-6xl">
      {report.isPending ? (
        <LoadingBlock label="Loading the shared report…" />
      ) : report.isError ? (
        <Alert tone="error" title={isApiClientError(report.error, 404) ? "This link does not open a report" : "Could not load the report"}>
          {isApiClientError(report.error, 404)
            ? "It may have been revoked, or the video was deleted. Ask whoever shared it for a new link."
            : errorDetail(report.error)}
        </Alert>
      ) : (
        <Body report={report.data} initialTime={initialTime} />
      )}
    </PublicPage>
  );
}
