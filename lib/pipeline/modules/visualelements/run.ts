// visualelements: per shot, from its keyframe and its frames — dominant colours, brightness,
// contrast, motion, on-screen text (offline OCR), objects and faces (offline detector) and, with a
// vision model, what is in the picture. Keyframes are stills of the one decode pass; reading them
// (OCR, labels) runs in a bounded per-keyframe pool, every shot within a time budget.
import { getModelClient } from "@/lib/ai/provider";
import { dominantColors, type DominantColor } from "@/lib/analysis/visual/colors";
import { describeKeyframe } from "@/lib/analysis/visual/describe-frame";
import { frameAt, shotLook, type ShotLook } from "@/lib/analysis/visual/frame-stats";
import { CANDIDATE_FLOOR, describeObjects, LABELS_METHOD, OBJECT_THRESHOLD, type Detections } from "@/lib/analysis/labels";
import { OCR_METHOD, type OcrLine } from "@/lib/analysis/visual/ocr";
import { ReadBudget, readBudgetSeconds, spreadOrder } from "@/lib/analysis/visual/read-budget";
import { KeyframePool, type KeyframeAnalyzer, type KeyframeReads } from "@/lib/analysis/keyframes/pool";
import { labelsAnalyzer } from "@/lib/analysis/keyframes/labels-analyzer";
import { asOcrRead, ocrAnalyzer } from "@/lib/analysis/keyframes/ocr-analyzer";
import { fixedWindows, readShotSpans, type ShotSpan } from "@/lib/analysis/visual/shot-spans";
import { capitalize, joinWords, mapLimit, spreadSelection } from "@/lib/analysis/visual/util";
import { KeyframeReadAhead } from "@/lib/analysis/keyframes/read-ahead";
import { keyframeImages } from "@/lib/analysis/keyframes/keyframe-images";
import type { MediaInfo } from "@/lib/media/probe";
import { peopleSegments } from "@/lib/analysis/people/segments";
import { ANALYSIS_HEIGHT, ANALYSIS_WIDTH } from "@/lib/media/decode-frames";
import type { ModuleRunner, ModuleContext, ModuleResult, SegmentDraft } from "../../types";
import type { SharedMedia } from "@/lib/analysis/shared-media";
import { plural } from "@/lib/core/words";

/** Shots with no decode-pass still inside (shorter than its interval) get a frame by seeking, at most this many. */
export const MAX_SEEK_KEYFRAMES = 200;
/** Keyframes described by a vision model (a paid call each). OCR and labels read every shot within a time budget. */
export const MAX_DESCRIBED_FRAMES = 60;
const WINDOW_SECONDS = 10;

interface ShotAnalysis {
  shot: ShotSpan;
  look: ShotLook | null;
  colors: DominantColor[];
  colorSource: "keyframe" | "frame_grid" | null;
  ocr: OcrLine[] | null;
  /** Whether OCR ran on the keyframe (false: the text gate saw no text-like strokes) and the gate's score. */
  ocrGate?: { read: boolean; textLikeness: number } | null;
  /** Objects and faces above the calibrated thresholds; null when not read. */
  objects?: Detections | null;
  description: string | null;
  /** Time of the frame actually analysed (a still of the decode pass, near the shot's keyframe time). */
  keyframeTime?: number | null;
  /** The still that was analysed (people's pictures are cut from it). */
  keyframeFile?: string | null;
}

function facesWords(n: number): string {
  return n === 1 ? "1 face" : `${n} faces`;
}

function levelWords(look: ShotLook): string {
  const b = look.brightnessLevel === "medium" ? "medium brightness" : look.brightnessLevel;
  return `${b}, ${look.contrastLevel} contrast`;
}

export function contentLine(a: ShotAnalysis): string {
  const parts: string[] = [];
  if (a.colors.length) parts.push(capitalize(joinWords(a.colors.slice(0, 3).map((c) => c.name))));
  if (a.look) parts.push(levelWords(a.look), `${a.look.motionLevel} motion`);
  if (a.objects?.objects.length) {
    const faces = a.objects.faces.length ? ` (${facesWords(a.objects.faces.length)})` : "";
    parts.push(`${describeObjects(a.objects.objects)}${faces}`);
  }
  if (a.objects?.candidates?.length) {
    // Just under the naming threshold: said as such, so a search for the word still finds the shot.
    parts.push(`maybe ${joinWords(a.objects.candidates.map((c) => c.label))}`);
  }
  if (a.ocr?.length) {
    const text = a.ocr.map((l) => l.text).join(" / ");
    parts.push(`text: "${text.length > 160 ? `${text.slice(0, 157)}…` : text}"`);
  }
  if (a.description) parts.push(a.description);
  return parts.join(" · ") || "No picture information";
}

async function analyse(ctx: ModuleContext): Promise<ModuleResult> {
  const notes: string[] = [];
  if (!ctx.media.video) return { segments: [], notes: ["The file has no video stream"] };
  let shots = readShotSpans(ctx.results.shots);
  if (!shots.length) {
    shots = fixedWindows(ctx.video.duration || ctx.media.duration, WINDOW_SECONDS);
    if (!shots.length) return { segments: [], notes: ["No shots and no duration to analyse"] };
    notes.push(`No shot boundaries were available; analysed ${shots.length} fixed ${WINDOW_SECONDS}-second windows instead`);
  }
  const decoded = await ctx.shared.frames();
  const frames = decoded.frames;

  // Every shot's keyframe is a still of the decode pass inside the shot (no decode here); only a
  // shot shorter than the stills' interval has none, and gets a frame by seeking (at most
  // MAX_SEEK_KEYFRAMES of those; beyond, its colours come from the coarse frame grid).
  const describeSet = new Set(spreadSelection(shots, MAX_DESCRIBED_FRAMES));
  const vision = getModelClient("vision");
  const analyzers: KeyframeAnalyzer[] = [ocrAnalyzer, labelsAnalyzer];
  if (vision) analyzers.push(describeAnalyzer(vision.client, vision.model));
  // The run's shared reads: keyframes the read-ahead beside the decode pass already read (or is
  // reading) cost nothing here.
  const pool = new KeyframePool(analyzers, ctx.signal, ctx.shared.keyframeReads());
  const problems = await pool.problems();
  const ocrProblem = problems.get("ocr");
  if (ocrProblem) notes.push(`On-screen text was not read: ${ocrProblem}`);
  const labelsProblem = problems.get("labels");
  if (labelsProblem) notes.push(`Objects and faces were not detected: ${labelsProblem}`);
  const budget = new ReadBudget(readBudgetSeconds(ctx.video.duration || ctx.media.duration));
  if (!vision) notes.push("No vision model is configured: people, objects and settings are not described");
  else if (shots.length > MAX_DESCRIBED_FRAMES) {
    notes.push(`Keyframes of ${MAX_DESCRIBED_FRAMES} of ${shots.length} shots were described by the vision model`);
  }

  const results: ShotAnalysis[] = shots.map((shot) => ({
    shot,
    look: shotLook(frames, shot.start, shot.end),
    colors: [],
    colorSource: null,
    ocr: null,
    description: null,
    keyframeTime: null,
  }));
  const errors: Record<string, string[]> = {};
  const keyframeErrors: string[] = [];
  let seeks = 0;
  let gridOnly = 0;
  let done = 0;
  const total = shots.length;

  // Shots in an order spread over the video, so a spent read budget leaves gaps spread evenly.
  await mapLimit(spreadOrder(results.length), 4, async (i) => {
    if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error("aborted");
    const a = results[i]!;
    const span: [number, number] = [a.shot.start, a.shot.end];
    let kf: { file: string; time: number; small: Uint8Array | null } | null = null;
    const still = readStill(decoded.stills, pool.reads, (await ctx.shared.stillNear(a.shot.keyframeTime, span)), span);
    if (still) kf = { file: still.file, time: still.time, small: still.small };
    else if (seeks < MAX_SEEK_KEYFRAMES) {
      seeks++;
      // One unreadable frame (a damaged stretch of the file) costs that shot its keyframe, not the run.
      kf = await ctx.shared.keyframeImage(a.shot.keyframeTime, span).then(
        (k) => ({ file: k.file, time: k.time, small: null }),
        (err: Error) => {
          if (ctx.signal.aborted) throw err;
          keyframeErrors.push(err.message);
          return null;
        },
      );
    } else gridOnly++;
    if (kf) {
      a.keyframeTime = kf.time;
      a.keyframeFile = kf.file;
      a.colors = dominantColors(kf.small ?? (await keyframeImages(kf.file, ctx.signal)).colors);
      a.colorSource = "keyframe";
    } else {
      const f = frameAt(frames, a.shot.keyframeTime);
      if (f) {
        a.colors = dominantColors(f.grid, { k: 4 });
        a.colorSource = "frame_grid";
      }
    }
    const names = [...(kf && budget.take() ? ["ocr", "labels"] : []), ...(kf && describeSet.has(i) ? ["description"] : [])];
    if (kf && names.length) {
      const small = kf.small ? { rgb: kf.small, width: decoded.analysisWidth, height: decoded.analysisHeight } : null;
      const out = await pool.analyze({ file: kf.file, time: kf.time, small }, names);
      for (const [name, o] of Object.entries(out)) {
        if (!o.ok) (errors[name] ??= []).push(o.error);
        else if (name === "ocr") {
          const r = asOcrRead(o.value);
          a.ocr = r.lines;
          a.ocrGate = { read: r.read, textLikeness: r.textLikeness };
        }
        else if (name === "labels") a.objects = o.value as Detections;
        else if (name === "description") a.description = (o.value as string) || null;
      }
    }
    ctx.progress(++done / total, `Shot ${done} of ${total}`);
  });
  if (gridOnly) notes.push(`Colours of ${gridOnly} very short shots come from the coarse 16×9 frame grid, not keyframe pixels`);
  const ocrErrors = errors.ocr ?? [];
  const describeErrors = errors.description ?? [];
  const labelErrors = errors.labels ?? [];
  if (keyframeErrors.length) {
    notes.push(`${keyframeErrors.length} keyframes could not be extracted (${keyframeErrors[0]}); those shots use the frame grid and were not read`);
  }
  const gated = results.filter((a) => a.ocrGate?.read === false).length;
  if (gated) {
    notes.push(
      `${gated} of ${shots.length} shot keyframes showed no text-like strokes, so they were not read for text`,
    );
  }
  if (ocrErrors.length) notes.push(`Text on screen could not be read on ${plural(ocrErrors.length, "keyframe")}`);
  if (labelErrors.length) notes.push(`Objects and faces could not be looked for on ${plural(labelErrors.length, "keyframe")}`);
  if (budget.skipped) {
    notes.push(
      `On-screen text and objects were read on ${budget.read} of ${shots.length} shot keyframes, spread over the video ` +
        `(the ${Math.round(budget.seconds)} s set aside for reading ran out)`,
    );
  }
  if (describeErrors.length) {
    notes.push(`The vision model failed on ${describeErrors.length} keyframes (${describeErrors[0]}); those shots are not described`);
  }

  // People across the video: the faces described on the keyframes, grouped (lib/analysis/people).
  const people = await peopleSegments({
    shots: results.map((a) => ({ start: a.shot.start, end: a.shot.end, file: a.keyframeFile ?? null, time: a.keyframeTime ?? a.shot.keyframeTime, faces: a.objects?.faces ?? null })),
    userId: ctx.video.userId,
    jobId: ctx.video.jobId,
    workDir: ctx.shared.workDir,
    signal: ctx.signal,
  });
  notes.push(...people.notes);

  const segments: SegmentDraft[] = results.map((a, i) => {
    const ocrRan = a.ocr !== null;
    return {
      start_time: a.shot.start,
      end_time: a.shot.end,
      content: contentLine(a),
      metadata: {
        provider: a.description && vision ? "openai" : "local",
        method: "keyframe_analysis",
        ...(a.description && vision ? { model: vision.model, description: a.description } : {}),
        shot_index: a.shot.index,
        keyframe_time: Math.round((a.keyframeTime ?? a.shot.keyframeTime) * 1000) / 1000,
        colors: a.colors,
        color_source: a.colorSource,
        brightness: a.look?.brightness ?? null,
        brightness_level: a.look?.brightnessLevel ?? null,
        contrast: a.look?.contrast ?? null,
        contrast_level: a.look?.contrastLevel ?? null,
        motion: a.look?.motion ?? null,
        motion_level: a.look?.motionLevel ?? null,
        ocr: ocrRan ? OCR_METHOD : null,
        ocr_text: ocrRan ? a.ocr!.map((l) => l.text).join("\n") : null,
        ocr_boxes: ocrRan ? a.ocr : [],
        // false: the text gate found no text-like strokes, so OCR was not run (ocr_text is then "").
        ocr_read: a.ocrGate ? a.ocrGate.read : null,
        text_likeness: a.ocrGate && Number.isFinite(a.ocrGate.textLikeness) ? a.ocrGate.textLikeness : null,
        objects_method: a.objects ? LABELS_METHOD : null,
        objects_threshold: a.objects ? OBJECT_THRESHOLD : null,
        objects: a.objects?.objects ?? [],
        // Under objects_threshold (from CANDIDATE_FLOOR): not named as facts, listed as "maybe".
        object_candidates: a.objects?.candidates ?? [],
        object_candidate_floor: a.objects ? CANDIDATE_FLOOR : null,
        faces: a.objects ? a.objects.faces.length : null,
        face_boxes: (a.objects?.faces ?? []).map((f, k) => ({
          box: f.box,
          confidence: f.confidence,
          ...(people.faceOwner.has(`${i}:${k}`) ? { person_id: people.faceOwner.get(`${i}:${k}`) } : {}),
        })),
      },
    };
  });
  segments.push(...people.segments);
  return { segments, notes };
}

/** The analyzers the read-ahead runs beside the decode pass (offline, free: every shot gets them). */
const READ_AHEAD = ["ocr", "labels"] as const;
/**
 * Reads at a time while the decode pass runs: 2, as after it (OCR in the ONNX process and labels in
 * the TF.js worker overlap); with 1 the reads fell behind the decode and visual elements still ran
 * 29–68 s after it on the 2-minute bench clip (bench/pipeline).
 */
const READS_WHILE_DECODING = 2;

/**
 * Reads the keyframes of the shots found so far while the decode pass runs (read-ahead.ts): hand
 * it the pass's frames and stills, and `finish()` when the pass ends.
 */
export function visualReadAhead(o: { shared: SharedMedia; media: MediaInfo; signal: AbortSignal }): KeyframeReadAhead {
  return new KeyframeReadAhead({
    pool: new KeyframePool([ocrAnalyzer, labelsAnalyzer], o.signal, o.shared.keyframeReads()),
    names: READ_AHEAD,
    // One decode of the still for the text gate, the labels and the 96×54 colours that scenes and
    // grouped shots read (readImageRgb remembers them).
    onKeyframe: (still) => void keyframeImages(still.file, o.signal).catch(() => undefined),
    concurrencyWhileDecoding: READS_WHILE_DECODING,
    fps: o.media.video?.fps ?? 0,
    analysisWidth: ANALYSIS_WIDTH,
    analysisHeight: ANALYSIS_HEIGHT,
  });
}

/** A vision model's description of a keyframe, as a per-keyframe analyzer. */
function describeAnalyzer(client: Parameters<typeof describeKeyframe>[0], model: string): KeyframeAnalyzer<string> {
  return { name: "description", unavailable: async () => null, analyze: (kf, signal) => describeKeyframe(client, model, kf.file, signal) };
}

export const visualelements: ModuleRunner<"visualelements"> = { run: analyse };

/**
 * The still a shot is read on: the one nearest its keyframe time, unless that one was not read yet
 * and another still inside the shot was — the chunks of a long video read the keyframes of the
 * shots they saw, and a shot across a chunk border was two shorter shots there, whose keyframes
 * lie elsewhere in it. Reading one of those costs nothing; reading the nearest would cost the
 * merge an OCR and a detector run per border shot (about 3 s of a model process's CPU each).
 */
function readStill<S extends { time: number; file: string }>(stills: readonly S[], reads: KeyframeReads, nearest: S | null, span: [number, number]): S | null {
  const read = (s: S) => reads.has("ocr", s.file) && reads.has("labels", s.file);
  if (!nearest || read(nearest)) return nearest;
  let best: S | null = null;
  for (const s of stills) {
    if (s.time < span[0] - 1e-6 || s.time >= span[1] - 1e-6 || !read(s)) continue;
    if (!best || Math.abs(s.time - nearest.time) < Math.abs(best.time - nearest.time)) best = s;
  }
  return best ?? nearest;
}
