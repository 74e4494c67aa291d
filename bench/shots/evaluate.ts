// Matching detected boundaries to ground truth; precision/recall/F1 per transition type.
import type { Shot } from "@/lib/analysis/shots";
import { type Clip, type Truth, TRUTH_TYPES, type TruthType } from "./clips";

export interface Detected {
  time: number;
  type: TruthType;
}

/** Boundaries between consecutive shots, typed like the ground truth. */
export function boundariesFromShots(shots: Shot[]): Detected[] {
  return shots.slice(1).map((s, i) => {
    const prev = shots[i]!;
    const fade = [s.startsWith, prev.endsWith].some((k) => k === "fade_in" || k === "fade_out");
    const type: TruthType = fade ? "fade" : s.startsWith === "dissolve" ? "dissolve" : s.startsWith === "wipe" ? "wipe" : "cut";
    return { time: s.start, type };
  });
}

export interface ClipResult {
  clip: Clip;
  matched: { truth: Truth; det: Detected; offsetFrames: number }[];
  missed: Truth[];
  falsePositives: Detected[];
}

/**
 * One-to-one matching, closest first. A cut matches within one frame of the first frame of the
 * new shot; a gradual transition matches anywhere inside its window (± one frame).
 */
export function matchClip(clip: Clip, detected: Detected[]): ClipResult {
  const tol = clip.frame * 1.01 + 1e-6;
  const pairs: { t: number; d: number; cost: number }[] = [];
  clip.truth.forEach((t, ti) =>
    detected.forEach((d, di) => {
      const ok = t.type === "cut" ? Math.abs(d.time - t.at) <= tol : d.time >= t.start - tol && d.time <= t.end + tol;
      if (ok) pairs.push({ t: ti, d: di, cost: Math.abs(d.time - t.at) });
    }),
  );
  pairs.sort((a, b) => a.cost - b.cost);
  const tUsed = new Set<number>();
  const dUsed = new Set<number>();
  const matched: ClipResult["matched"] = [];
  for (const p of pairs) {
    if (tUsed.has(p.t) || dUsed.has(p.d)) continue;
    tUsed.add(p.t);
    dUsed.add(p.d);
    const truth = clip.truth[p.t]!;
    const det = detected[p.d]!;
    matched.push({ truth, det, offsetFrames: Math.round((det.time - truth.at) / clip.frame) });
  }
  return {
    clip,
    matched,
    missed: clip.truth.filter((_, i) => !tUsed.has(i)),
    falsePositives: detected.filter((_, i) => !dUsed.has(i)),
  };
}

export interface Row {
  type: TruthType | "all";
  truth: number;
  found: number;
  typed: number;
  fp: number;
  precision: number;
  recall: number;
  f1: number;
}

/** The hard-negative kinds the target (≤ 1 false positive per 10 minutes) is about. */
export const REQUIRED_NEGATIVES = ["flash", "fast motion", "static", "noise", "fps duplicates"];

export interface Summary {
  rows: Row[];
  cutExact: number;
  cutWithinOne: number;
  cutsMatched: number;
  /** Required kinds only (see REQUIRED_NEGATIVES). */
  negativeMinutes: number;
  negativeFp: number;
  fpPer10Min: number;
  negativeFpByKind: Record<string, { fp: number; minutes: number }>;
}

export function summarize(results: ClipResult[]): Summary {
  const boundary = results.filter((r) => !r.clip.negative);
  const negatives = results.filter((r) => r.clip.negative);
  const rows: Row[] = [];
  const row = (type: TruthType | "all", truth: number, found: number, typed: number, fp: number): Row => {
    const recall = truth ? found / truth : 0;
    const precision = found + fp ? found / (found + fp) : 0;
    return { type, truth, found, typed, fp, precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
  };
  for (const type of TRUTH_TYPES) {
    const truth = boundary.reduce((s, r) => s + r.clip.truth.filter((t) => t.type === type).length, 0);
    const found = boundary.reduce((s, r) => s + r.matched.filter((m) => m.truth.type === type).length, 0);
    const typed = boundary.reduce((s, r) => s + r.matched.filter((m) => m.truth.type === type && m.det.type === type).length, 0);
    const fp = boundary.reduce((s, r) => s + r.falsePositives.filter((d) => d.type === type).length, 0);
    rows.push(row(type, truth, found, typed, fp));
  }
  rows.push(
    row(
      "all",
      rows.reduce((s, r) => s + r.truth, 0),
      rows.reduce((s, r) => s + r.found, 0),
      rows.reduce((s, r) => s + r.typed, 0),
      rows.reduce((s, r) => s + r.fp, 0),
    ),
  );
  const cuts = boundary.flatMap((r) => r.matched.filter((m) => m.truth.type === "cut"));
  const required = negatives.filter((r) => REQUIRED_NEGATIVES.includes(r.clip.negative!));
  const negativeMinutes = required.reduce((s, r) => s + r.clip.seconds, 0) / 60;
  const negativeFp = required.reduce((s, r) => s + r.falsePositives.length, 0);
  const negativeFpByKind: Summary["negativeFpByKind"] = {};
  for (const r of negatives) {
    const k = (negativeFpByKind[r.clip.negative!] ??= { fp: 0, minutes: 0 });
    k.fp += r.falsePositives.length;
    k.minutes += r.clip.seconds / 60;
  }
  return {
    rows,
    cutExact: cuts.filter((m) => m.offsetFrames === 0).length,
    cutWithinOne: cuts.filter((m) => Math.abs(m.offsetFrames) <= 1).length,
    cutsMatched: cuts.length,
    negativeMinutes,
    negativeFp,
    negativeFpByKind,
    fpPer10Min: negativeMinutes ? (negativeFp / negativeMinutes) * 10 : 0,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`.padStart(6);

/**
 * `typed`: the detector labels transition types, so false positives are charged to the type it
 * claimed and per-type precision means something. Untyped detectors (everything is a "cut") get
 * recall per type and precision/F1 overall only.
 */
export function formatSummary(name: string, s: Summary, opts: { typed?: boolean; allNegatives?: boolean } = {}): string {
  const lines = [`${name}`];
  lines.push(`  type      truth  found  recall  precision     F1${opts.typed ? "  typed" : ""}`);
  for (const r of s.rows) {
    const perType = opts.typed || r.type === "all";
    lines.push(
      `  ${r.type.padEnd(8)} ${String(r.truth).padStart(6)} ${String(r.found).padStart(6)}  ${pct(r.recall)}     ${perType ? pct(r.precision) : "     –"} ${perType ? pct(r.f1) : "     –"}${opts.typed ? ` ${pct(r.found ? r.typed / r.found : 0)}` : ""}`,
    );
  }
  lines.push(`  hard cuts on the exact frame: ${s.cutExact}/${s.cutsMatched} of those found (a cut only matches within ±1 frame)`);
  const kinds = (required: boolean) =>
    Object.entries(s.negativeFpByKind)
      .filter(([k]) => REQUIRED_NEGATIVES.includes(k) === required)
      .map(([k, v]) => `${k} ${v.fp} in ${v.minutes.toFixed(1)} min`)
      .join(", ");
  if (opts.allNegatives) {
    // Every negative clip counts (the real-film set has its own kinds: hand-held, static …).
    const all = Object.entries(s.negativeFpByKind);
    const fp = all.reduce((a, [, v]) => a + v.fp, 0);
    const minutes = all.reduce((a, [, v]) => a + v.minutes, 0);
    const list = all.map(([k, v]) => `${k} ${v.fp} in ${v.minutes.toFixed(1)} min`).join(", ");
    lines.push(`  negatives (no boundary at all): ${fp} false positives in ${minutes.toFixed(1)} min = ${(minutes ? (fp / minutes) * 10 : 0).toFixed(2)} per 10 min (${list})`);
    return lines.join("\n");
  }
  lines.push(
    `  hard negatives: ${s.negativeFp} false positives in ${s.negativeMinutes.toFixed(1)} min = ${s.fpPer10Min.toFixed(2)} per 10 min (${kinds(true)})`,
  );
  const extra = kinds(false);
  if (extra) lines.push(`  extra negatives, not in the target: ${extra}`);
  return lines.join("\n");
}
