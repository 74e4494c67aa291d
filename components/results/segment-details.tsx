// A segment's metadata as fields a person reads ("Motion: 0.12 (moderate)", colour swatches,
// "Keyframe at 00:03"), not raw JSON. Whatever shape a module records, it renders: known keys get
// a friendly form, anything else a readable generic one; nothing is cut off on the right.
import type { ReactNode } from "react";
import { formatClock } from "@/lib/core/clock";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Keys that pair with a `<key>_level` word, shown together ("0.42 (bright)"). */
const LEVEL_SUFFIX = "_level";
/**
 * What says nothing to a reader, or names the machinery: coordinates and vectors, ids and
 * indexes, raw flags and thresholds, and which library, model or provider did the work (said in
 * words by the "Made by" row instead).
 */
const HIDDEN = new Set([
  "ocr_boxes", "embedding", "boxes", "vector", "face_boxes",
  "provider", "model", "method", "ocr", "ocr_read", "text_likeness", "objects_method", "vad", "kind", "track",
  "shots", "threshold",
  // a detection's place in the frame, how many passes agreed, recognised words with their timings
  // and scores, a person's internal number: data for machines, not for a reader
  "box", "support", "words", "person_index",
]);
const HIDDEN_PATTERN = /(_id|_ids|_method|_threshold|_floor|_boxes|_model)$/;
const isHidden = (key: string) => HIDDEN.has(key) || HIDDEN_PATTERN.test(key);
const TIME_KEYS = /(^|_)(time|times|start|end)$/;

const LABELS: Record<string, string> = {
  ocr_text: "Text on screen",
  mean_luma: "Mean brightness",
  keyframe_time: "Keyframe at",
  shot_index: "Shot number",
  shot_count: "Shots",
  starts_with: "Starts with",
  ends_with: "Ends with",
  transition_in: "Transition in",
  dominant_color: "Dominant colour",
  colors: "Colours",
  color_source: "Colours read from",
  object_candidates: "Maybe also",
  person_name: "Person",
  faces_seen: "Faces seen",
  face_times: "Face seen at",
  person_total_seconds: "Seconds on screen in all",
  person_appearances: "Appearances",
};

/** A detection ({label, confidence, …}) in words: "car (72 % sure)". */
function isDetection(v: Json): v is { label: string; confidence?: number } {
  return !!v && typeof v === "object" && !Array.isArray(v) && typeof v.label === "string";
}
function detectionWords(d: { label: string; confidence?: number }): string {
  return typeof d.confidence === "number" ? `${words(d.label)} (${Math.round(d.confidence * 100)} % sure)` : words(d.label);
}

/** Who made a segment, in words: this computer or the configured model, never a product name. */
function madeBy(provider: Json | undefined): string | null {
  if (provider === "local") return "Analysis on this computer";
  if (typeof provider === "string") return "The configured model";
  return null;
}

function label(key: string): string {
  return LABELS[key] ?? key.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}

function words(s: string): string {
  return s.replace(/_/g, " ");
}

function formatNumber(key: string, n: number): string {
  if (TIME_KEYS.test(key)) return formatClock(n);
  if (key.endsWith("_index")) return String(n + 1);
  if (Number.isInteger(n)) return n.toLocaleString("en-US");
  return n.toLocaleString("en-US", { maximumFractionDigits: Math.abs(n) < 1 ? 3 : 2 });
}

function isColour(v: Json): v is { name: string; hex: string; share?: number } {
  return !!v && typeof v === "object" && !Array.isArray(v) && typeof v.hex === "string" && /^#[0-9a-f]{3,8}$/i.test(v.hex);
}

function Swatch({ hex }: { hex: string }) {
  return <span className="inline-block size-3 shrink-0 rounded-sm ring-1 ring-zinc-300 ring-inset" style={{ backgroundColor: hex }} aria-hidden="true" />;
}

function renderValue(key: string, v: Json, depth = 0): ReactNode {
  if (v === null) return <span className="text-zinc-500">none</span>;
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (typeof v === "number") return formatNumber(key, v);
  if (typeof v === "string") {
    if (/^#[0-9a-f]{6}$/i.test(v)) return <span className="inline-flex items-center gap-1.5"><Swatch hex={v} />{v}</span>;
    return <span className="whitespace-pre-line">{/^[a-z0-9]+(_[a-z0-9]+)+$/.test(v) ? words(v) : v}</span>;
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return <span className="text-zinc-500">none</span>;
    if (v.every(isColour)) {
      return (
        <span className="flex flex-wrap gap-x-3 gap-y-1">
          {v.map((c, i) => (
            <span key={i} className="inline-flex items-center gap-1.5">
              <Swatch hex={c.hex} />
              {c.name}
              {typeof c.share === "number" && <span className="text-zinc-500">{Math.round(c.share * 100)}%</span>}
            </span>
          ))}
        </span>
      );
    }
    if (v.every(isDetection)) return v.map(detectionWords).join(", ");
    if (v.every((x) => x === null || typeof x !== "object")) return v.map((x) => renderValue(key, x, depth + 1)).reduce<ReactNode[]>((acc, x, i) => (i ? [...acc, ", ", x] : [x]), []);
    const shown = v.slice(0, 8);
    return (
      <ul className="space-y-0.5">
        {shown.map((x, i) => (
          <li key={i}>{renderValue(key, x, depth + 1)}</li>
        ))}
        {v.length > shown.length && <li className="text-zinc-500">and {v.length - shown.length} more</li>}
      </ul>
    );
  }
  const entries = Object.entries(v).filter(([k]) => !isHidden(k));
  if (isDetection(v)) return detectionWords(v);
  if (depth > 1)
    return entries
      .filter(([, x]) => x === null || typeof x !== "object")
      .map(([k, x]) => `${label(k)}: ${typeof x === "number" ? formatNumber(k, x) : x === null ? "none" : String(x)}`)
      .join(" · ");
  return (
    <span className="block">
      {entries.map(([k, x], i) => (
        <span key={k}>
          {i > 0 && " · "}
          <span className="text-zinc-500">{label(k)}:</span> {renderValue(k, x, depth + 1)}
        </span>
      ))}
    </span>
  );
}

/** The fields of a metadata object, or null when there is nothing to show. */
export function detailFields(metadata: string | null): [string, ReactNode][] | null {
  if (!metadata) return null;
  let parsed: Json;
  try {
    parsed = JSON.parse(metadata) as Json;
  } catch {
    return [["Details", <span key="raw" className="whitespace-pre-line">{metadata}</span>]];
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return [["Details", renderValue("details", parsed)]];
  const obj = parsed;
  const rows: [string, ReactNode][] = [];
  for (const [key, value] of Object.entries(obj)) {
    if (isHidden(key) || key.endsWith(LEVEL_SUFFIX)) continue;
    if (value === null && key !== "transition_in") continue;
    if (typeof value === "string" && value === "") continue;
    const level = obj[`${key}${LEVEL_SUFFIX}`];
    rows.push([
      label(key),
      <>
        {renderValue(key, value)}
        {typeof level === "string" && <span className="text-zinc-500"> ({words(level)})</span>}
      </>,
    ]);
  }
  const by = madeBy(obj.provider);
  if (rows.length && by) rows.push(["Made by", by]);
  return rows.length ? rows : null;
}

export function SegmentDetails({ metadata }: { metadata: string | null }) {
  const rows = detailFields(metadata);
  if (!rows) return null;
  return (
    <details className="mt-1 text-xs text-zinc-600">
      <summary className="cursor-pointer select-none hover:text-zinc-700">Details</summary>
      <dl className="mt-1 grid grid-cols-[minmax(0,7rem)_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-md bg-zinc-50 p-2 text-zinc-700">
        {rows.map(([k, v], i) => (
          <div key={i} className="contents">
            <dt className="text-zinc-500">{k}</dt>
            <dd className="min-w-0 break-words">{v}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
