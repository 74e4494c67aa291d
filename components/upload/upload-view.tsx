"use client";
// /upload: add files, choose modules (and a project), start; then watch every file upload and
// get analysed, in place. Or give a URL: the server imports the video and analyses it the same way.
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { ModulePicker } from "@/components/videos/module-picker";
import { useDefaultModules } from "@/components/shell/capabilities";
import type { ModuleName } from "@/lib/pipeline/modules/registry";
import { useProjects } from "@/hooks/queries/projects";
import { DropZone } from "./drop-zone";
import { takeHandedOffFiles } from "./handoff";
import { ImportFromUrl } from "./import-from-url";
import { UploadItemCard } from "./upload-item";
import { useUploadQueue } from "./use-upload-queue";
import { formatBytes } from "@/lib/browser/format";
import { plural } from "@/lib/core/words";

function ProjectPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const id = useId();
  const projects = useProjects();
  if (!projects.isAvailable) return null;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-zinc-900">
        Project <span className="font-normal text-zinc-500">(optional)</span>
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={projects.isPending}
        className="mt-1.5 block h-10 w-full rounded-lg border-0 bg-white px-3 text-sm text-zinc-900 ring-1 ring-zinc-300 ring-inset focus:ring-2 focus:ring-accent-600"
      >
        <option value="">{projects.isPending ? "Loading projects…" : "No project"}</option>
        {projects.data?.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      {projects.isError && <p className="mt-1 text-xs text-red-700">Projects could not be loaded.</p>}
      {projects.data?.length === 0 && <p className="mt-1 text-xs text-zinc-500">You have no projects yet.</p>}
    </div>
  );
}

export function UploadView() {
  const queue = useUploadQueue();
  // Files dropped on the dashboard's quick upload arrive with the page.
  const { add } = queue;
  useEffect(() => {
    const handed = takeHandedOffFiles();
    if (handed.length) add(handed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival (`add` only dispatches)
  }, []);
  const defaults = useDefaultModules();
  const [modules, setModules] = useState<ModuleName[]>(defaults);
  const [projectId, setProjectId] = useState("");
  // The start button goes away once started: focus moves to the list that shows the progress.
  const filesHeading = useRef<HTMLHeadingElement>(null);
  const ready = queue.items.filter((i) => i.phase === "ready");
  const readyBytes = ready.reduce((n, i) => n + i.file.size, 0);
  const started = queue.items.filter((i) => i.phase === "started");
  const hasItems = queue.items.length > 0;
  const clearable = queue.items.some((i) => i.phase === "started" || i.phase === "rejected" || i.phase === "cancelled");
  const canStart = ready.length > 0 && modules.length > 0;
  // On phones the options sit below the files: a bar at the bottom keeps the start button in reach.
  const showStickyStart = ready.length > 0;

  const startButton = (
    <Button
      className="w-full"
      disabled={!canStart}
      onClick={() => {
        queue.start(ready.map((i) => i.id), modules, projectId || null);
        requestAnimationFrame(() => filesHeading.current?.focus());
      }}
      aria-describedby="start-hint"
    >
      {ready.length > 1 ? `Upload and analyze ${ready.length} videos` : "Upload and analyze"}
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Upload videos"
        description="Files go straight to storage; the modules you choose then analyse each one. You can watch every step here."
      />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-4">
          <DropZone onFiles={queue.add} compact={hasItems} />
          {hasItems && (
            <section aria-labelledby="files-heading">
              <div className="mb-2 flex items-baseline justify-between gap-2">
                <h2 id="files-heading" ref={filesHeading} tabIndex={-1} className="text-sm font-semibold text-zinc-900">
                  Files <span className="font-normal text-zinc-500">({queue.items.length})</span>
                </h2>
                {clearable && (
                  <button type="button" onClick={queue.clearFinished} className="rounded px-1.5 text-sm font-medium text-accent-700 hover:bg-accent-50">
                    Clear finished
                  </button>
                )}
              </div>
              <ul className="space-y-3" aria-label="Files to upload">
                {queue.items.map((item) => (
                  <UploadItemCard
                    key={item.id}
                    item={item}
                    onRemove={() => queue.remove(item.id)}
                    onCancel={() => queue.cancel(item.id)}
                    onRetry={() => queue.retry(item)}
                  />
                ))}
              </ul>
            </section>
          )}
          <ImportFromUrl modules={modules} projectId={projectId} />
          {started.length > 0 && !queue.isBusy && (
            <p className="text-sm text-zinc-600">
              All your videos and their status are also on the{" "}
              <Link href="/videos" className="font-medium text-accent-700 underline-offset-4 hover:underline">
                Videos
              </Link>{" "}
              page. You can leave this page; processing continues on the server.
            </p>
          )}
        </div>

        <Card className="min-w-0 lg:sticky lg:top-6" aria-labelledby="options-heading">
          <div className="space-y-5 p-5">
            <h2 id="options-heading" className="text-base font-semibold text-zinc-900">
              Analysis
            </h2>
            <ModulePicker value={modules} onChange={setModules} compact />
            <ProjectPicker value={projectId} onChange={setProjectId} />
            <div>
              <div className={showStickyStart ? "hidden lg:block" : undefined}>{startButton}</div>
              <p id="start-hint" className="mt-2 text-xs text-zinc-500" aria-live="polite">
                {modules.length === 0
                  ? "Choose at least one module."
                  : ready.length
                    ? `${plural(ready.length, "file")} ready · ${formatBytes(readyBytes)}`
                    : hasItems
                      ? "Add more files to start another batch."
                      : "Add files to start."}
              </p>
            </div>
          </div>
        </Card>
      </div>
      {showStickyStart && (
        <div className="sticky bottom-0 -mx-4 mt-4 border-t border-zinc-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:hidden">
          {startButton}
        </div>
      )}
      {!hasItems && (
        <p className="mt-6 text-sm text-zinc-500">
          Already uploaded something?{" "}
          <Link href="/videos" className={buttonClasses("ghost", "sm", "text-accent-700")}>
            Go to your videos
          </Link>
        </p>
      )}
    </>
  );
}
