"use client";
// Reports as files: every segment as one JSON file, and each module as JSON or CSV (the
// transcript also as SRT and WebVTT subtitles). The API needs the Authorization header, so files
// are fetched and saved through a Blob URL rather than linked.
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardHeader } from "@/components/ui/card";
import { moduleLabel, sortModules, type ModuleName } from "@/lib/pipeline/modules/registry";
import { api, errorDetail } from "@/lib/browser/api-client";
import { downloadWithAuth } from "@/lib/browser/sse";
import { plural } from "@/lib/core/words";

type Format = "json" | "csv" | "srt" | "vtt";

export function Downloads({ jobId, modules, counts }: { jobId: string; modules: string[]; counts: Record<string, number> }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const run = async (key: string, download: () => Parameters<typeof downloadWithAuth>[0], fallback: string) => {
    setBusy(key);
    setError(null);
    setSaved(null);
    try {
      setSaved(await downloadWithAuth(download(), fallback));
    } catch (err) {
      setError(errorDetail(err));
    } finally {
      setBusy(null);
    }
  };

  const file = (module: string, format: Format) => (
    <Button
      key={format}
      size="sm"
      variant="secondary"
      busy={busy === `${module}:${format}`}
      disabled={busy !== null && busy !== `${module}:${format}`}
      onClick={() =>
        run(
          `${module}:${format}`,
          () => api.GET("/download/report/{job_id}", { params: { path: { job_id: jobId }, query: { module: module as ModuleName, format } }, parseAs: "stream" }),
          `${module}.${format}`,
        )
      }
      aria-label={`Download ${moduleLabel(module)} as ${format.toUpperCase()}`}
    >
      {format.toUpperCase()}
    </Button>
  );

  return (
    <Card aria-labelledby="downloads-heading">
      <CardHeader
        title="Downloads"
        titleId="downloads-heading"
        actions={
          <Button
            size="sm"
            busy={busy === "combined"}
            disabled={busy !== null && busy !== "combined"}
            onClick={() => run("combined", () => api.GET("/download/combined-report/{job_id}", { params: { path: { job_id: jobId } }, parseAs: "stream" }), "report.json")}
          >
            Full report (JSON)
          </Button>
        }
      />
      <ul className="divide-y divide-zinc-100">
        {sortModules(modules).map((m) => (
          <li key={m} className="flex flex-wrap items-center justify-between gap-2 px-5 py-2.5">
            <span className="text-sm text-zinc-800">
              {moduleLabel(m)}{" "}
              <span className="text-xs text-zinc-500">
                {plural(counts[m] ?? 0, "segment")}
              </span>
            </span>
            <span className="flex gap-1.5">
              {file(m, "json")}
              {file(m, "csv")}
              {/* Subtitles only when there is something to subtitle. */}
              {m === "transcription" && (counts[m] ?? 0) > 0 && file(m, "srt")}
              {m === "transcription" && (counts[m] ?? 0) > 0 && file(m, "vtt")}
            </span>
          </li>
        ))}
      </ul>
      {(error || saved) && (
        <div className="px-5 pb-4">
          {error ? (
            <Alert tone="error" title="Download failed">
              {error}
            </Alert>
          ) : (
            <p className="text-xs text-zinc-500" role="status">
              Saved {saved}
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
