"use client";
// What the analysis saw over time, drawn from the segments a run stored (no new analysis): motion
// and brightness per shot, each shot's length, and where speech is. Rows share the timeline's time
// axis and playhead; clicking a row seeks there. A row whose data no module produced is left out
// and said so, rather than drawn flat.
import { useMemo, type PointerEvent } from "react";
import { Card, CardHeader } from "@/components/ui/card";
import type { Segment } from "@/hooks/queries/segments";
import { usePlayerValue, type PlayerStore } from "./player-store";
import { formatDuration } from "@/lib/browser/format";
import { formatClock } from "@/lib/core/clock";
import { plural, valueRange } from "@/lib/core/words";

interface Span {
  start: number;
  end: number;
}
interface Valued extends Span {
  value: number;
}

function meta(seg: Segment): Record<string, unknown> {
  if (!seg.metadata) return {};
  try {
    const v = JSON.parse(seg.metadata) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/**
 * The series, from visual elements (per-shot look) when present, else from the shots' own
 * measures. Visual elements' motion is the raw mean |Δluma| between frames; it is put on the shots'
 * 0..1 scale with the same curve the shot detector uses (1 − e^(−m/0.04)).
 */
export function chartSeries(segments: Segment[]) {
  const byModule = (m: string) => segments.filter((s) => s.module === m).sort((a, b) => a.start_time - b.start_time);
  // Shots only: people's appearance segments (metadata kind "person") are not shots.
  const visual = byModule("visualelements").filter((s) => !(s.metadata ?? "").includes('"kind":"person"'));
  const shots = byModule("shots");
  const perShot = visual.length ? visual : shots;
  const motion: Valued[] = [];
  const brightness: Valued[] = [];
  for (const s of perShot) {
    const m = meta(s);
    const span = { start: s.start_time, end: Math.max(s.end_time, s.start_time) };
    const mo = num(m.motion);
    const br = num(m.brightness) ?? num(m.mean_luma);
    if (mo !== null) motion.push({ ...span, value: visual.length ? 1 - Math.exp(-mo / 0.04) : mo });
    if (br !== null) brightness.push({ ...span, value: br });
  }
  const shotSpans: Span[] = (shots.length ? shots : visual).map((s) => ({ start: s.start_time, end: Math.max(s.end_time, s.start_time) }));
  const speech: Span[] = byModule("transcription").map((s) => ({ start: s.start_time, end: Math.max(s.end_time, s.start_time) }));
  return { motion, brightness, shots: shotSpans, speech };
}

const W = 1000;
const H = 36;

function stepPath(points: Valued[], duration: number): string {
  let d = "";
  for (const p of points) {
    const x0 = (p.start / duration) * W;
    const x1 = (p.end / duration) * W;
    const y = H - Math.min(1, Math.max(0, p.value)) * (H - 2);
    d += `M${x0.toFixed(1)},${H}V${y.toFixed(1)}H${x1.toFixed(1)}V${H}Z`;
  }
  return d;
}

function Row({ label, summary, children, onSeek }: { label: string; summary: string; children: React.ReactNode; onSeek: (e: PointerEvent) => void }) {
  return (
    <div className="grid grid-cols-[6rem_minmax(0,1fr)] items-center gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
      <div className="min-w-0 text-xs">
        <p className="font-medium text-zinc-700">{label}</p>
        <p className="truncate text-zinc-500" title={summary}>
          {summary}
        </p>
      </div>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        className="h-9 w-full cursor-pointer rounded bg-zinc-100"
        role="img"
        aria-label={`${label}: ${summary}`}
        onPointerDown={onSeek}
      >
        {children}
      </svg>
    </div>
  );
}

const level = (v: number, words: [string, string, string]) => (v < 0.33 ? words[0] : v > 0.66 ? words[2] : words[1]);

export function AnalysisChart({ segments, duration: videoDuration, store }: { segments: Segment[]; duration: number; store: PlayerStore }) {
  const series = useMemo(() => chartSeries(segments), [segments]);
  const duration = Math.max(videoDuration || 0, ...segments.map((s) => s.end_time), 0.001);
  const playhead = usePlayerValue(store, (s) => Math.min(100, Math.max(0, (s.time / duration) * 100)));
  const seekAt = (e: PointerEvent) => {
    const rect = (e.currentTarget as Element).getBoundingClientRect();
    if (rect.width > 0) store.seek(((e.clientX - rect.left) / rect.width) * duration);
  };

  const { motion, brightness, shots, speech } = series;
  if (!motion.length && !brightness.length && !shots.length && !speech.length) return null;
  const longest = Math.max(...shots.map((s) => s.end - s.start), 0.001);
  const missing = [
    !motion.length && "motion",
    !brightness.length && "brightness",
    !shots.length && "shot lengths",
  ].filter(Boolean) as string[];

  return (
    <Card aria-labelledby="analysis-chart-heading">
      <CardHeader title="What the analysis saw" titleId="analysis-chart-heading" description="Over the length of the video. Click a row to jump there." />
      <figure className="min-w-0 px-5 py-4" data-testid="analysis-chart" aria-labelledby="analysis-chart-heading">
      <div className="relative space-y-2">
        {motion.length > 0 && (
          <Row label="Motion" summary={`${level(Math.max(...motion.map((m) => m.value)), ["mostly still", "moderate", "fast at times"])}`} onSeek={seekAt}>
            <path d={stepPath(motion, duration)} className="fill-amber-500/70" />
          </Row>
        )}
        {brightness.length > 0 && (
          <Row label="Brightness" summary={valueRange(brightness.map((b) => b.value), (v) => `${Math.round(v * 100)}%`)} onSeek={seekAt}>
            <path d={stepPath(brightness, duration)} className="fill-zinc-400" />
          </Row>
        )}
        {shots.length > 0 && (
          <Row label="Shot length" summary={`${plural(shots.length, "shot")}, max ${formatDuration(longest)}`} onSeek={seekAt}>
            <path d={stepPath(shots.map((s) => ({ ...s, value: (s.end - s.start) / longest })), duration)} className="fill-sky-600/70 stroke-white" strokeWidth={1} vectorEffect="non-scaling-stroke" />
          </Row>
        )}
        {speech.length > 0 && (
          <Row label="Speech" summary={plural(speech.length, "line")} onSeek={seekAt}>
            <path d={stepPath(speech.map((s) => ({ ...s, value: 0.6 })), duration)} className="fill-emerald-600/70" />
          </Row>
        )}
        {/* The playhead, across the plotted column only. */}
        <div className="pointer-events-none absolute inset-y-0 right-0 left-[calc(6rem+0.75rem)] sm:left-[calc(8rem+0.75rem)]" aria-hidden="true">
          <div className="absolute inset-y-0 w-0.5 -translate-x-px bg-zinc-900/80" style={{ left: `${playhead}%` }} />
        </div>
      </div>
      <figcaption className="mt-2 flex flex-wrap justify-between gap-x-4 gap-y-1 text-xs text-zinc-500">
        <span>
          Per shot, from the stored segments{missing.length ? `; no module measured ${missing.join(" or ")} for this video` : ""}. Loudness is not measured by any module yet.
        </span>
        <span className="tabular-nums">
          {formatClock(0)}–{formatClock(duration)}
        </span>
      </figcaption>
      </figure>
    </Card>
  );
}
