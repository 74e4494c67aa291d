// visualelements: per shot, from its keyframe and its frames — dominant colours, brightness,
// contrast, motion, on-screen text (offline OCR), objects and faces (offline detector, calibrated
// threshold) and, with a vision model, what is in the picture.
import { getModelClient } from "@/lib/ai/provider";
import { dominantColors, readImageRgb, type DominantColor } from "@/lib/analysis/visual/colors";
import { describeKeyframe } from "@/lib/analysis/visual/describe-frame";
import { frameAt, shotLook, type ShotLook } from "@/lib/analysis/visual/frame-stats";
import { describeObjects, detectObjects, LABELS_METHOD, labelsUnavailableReason, OBJECT_THRESHOLD, type Detections } from "@/lib/analysis/labels";
import { OCR_METHOD, ocrUnavailableReason, recognizeText, type OcrLine } from "@/lib/analysis/visual/ocr";
import { ReadBudget, readBudgetSeconds, spreadOrder } from "@/lib/analysis/visual/read-budget";
import { fixedWindows, readShotSpans, type ShotSpan } from "@/lib/analysis/visual/shot-spans";
import { capitalize, joinWords, mapLimit, spreadSelection } from "@/lib/analysis/visual/util";
import type { AnalysisModule, ModuleContext, ModuleResult, SegmentDraft } from "../types";

/** Keyframe images extracted (colours from real pixels); other shots use the decode pass's grid. */
export const MAX_KEYFRAMES = 200;
/** Keyframes described by a vision model (a paid call each). OCR and labels read every shot within a time budget. */
export const MAX_DESCRIBED_FRAMES = 60;
const KEYFRAME_WIDTH = 960;
const WINDOW_SECONDS = 10;

interface ShotAnalysis {
  shot: ShotSpan;
  look: ShotLook | null;
  colors: DominantColor[];
  colorSource: "keyframe" | "frame_grid" | null;
  ocr: OcrLine[] | null;
  /** Objects and faces above the calibrated thresholds; null when not read. */
  objects?: Detections | null;
  description: string | null;
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

  // At most KEYFRAME_WIDTH on the longer side (portrait video too): OCR time grows with pixels.
  const { width: vw, height: vh } = ctx.media.video;
  const keyframeWidth = vh > vw && vw > 0 ? Math.max(2, Math.round((KEYFRAME_WIDTH * vw) / vh)) : KEYFRAME_WIDTH;
  const keyframed = new Set(spreadSelection(shots, MAX_KEYFRAMES));
  const describeSet = new Set(spreadSelection(shots, MAX_DESCRIBED_FRAMES));
  const ocrProblem = await ocrUnavailableReason();
  if (ocrProblem) notes.push(`On-screen text was not read: ${ocrProblem}`);
  const labelsProblem = await labelsUnavailableReason();
  if (labelsProblem) notes.push(`Objects and faces were not detected: ${labelsProblem}`);
  const budget = new ReadBudget(readBudgetSeconds(ctx.video.duration || ctx.media.duration));
  const vision = getModelClient("vision");
  if (!vision) notes.push("No vision model is configured: people, objects and settings are not described");
  else if (shots.length > MAX_DESCRIBED_FRAMES) {
    notes.push(`Keyframes of ${MAX_DESCRIBED_FRAMES} of ${shots.length} shots were described by the vision model`);
  }
  if (shots.length > MAX_KEYFRAMES) {
    notes.push(`Colours of ${shots.length - MAX_KEYFRAMES} shots come from the coarse 16×9 frame grid, not keyframe pixels`);
  }

  const results: ShotAnalysis[] = shots.map((shot) => ({
    shot,
    look: shotLook(frames, shot.start, shot.end),
    colors: [],
    colorSource: null,
    ocr: null,
    description: null,
  }));
  // OCR once per distinct keyframe (shots may share a keyframe time, e.g. fixed windows on a still).
  const ocrByFrame = new Map<string, Promise<OcrLine[]>>();
  const labelsByFrame = new Map<string, Promise<Detections>>();
  const describeErrors: string[] = [];
  const ocrErrors: string[] = [];
  const labelErrors: string[] = [];
  const reads = !ocrProblem || !labelsProblem;
  const keyframeErrors: string[] = [];
  let done = 0;
  const total = shots.length;

  // Shots in an order spread over the video, so a spent read budget leaves gaps spread evenly.
  await mapLimit(spreadOrder(results.length), 2, async (i) => {
    if (ctx.signal.aborted) throw ctx.signal.reason ?? new Error("aborted");
    const a = results[i];
    const read = reads && budget.take();
    let kf: string | null = null;
    if (keyframed.has(i) || read) {
      // One unreadable frame (a damaged stretch of the file) costs that shot its keyframe, not the run.
      kf = await ctx.shared.keyframe(a.shot.keyframeTime, keyframeWidth).catch((err: Error) => {
        if (ctx.signal.aborted) throw err;
        keyframeErrors.push(err.message);
        return null;
      });
    }
    if (kf) {
      a.colors = dominantColors(await readImageRgb(kf, 96, 54, ctx.signal));
      a.colorSource = "keyframe";
    } else {
      const f = frameAt(frames, a.shot.keyframeTime);
      if (f) {
        a.colors = dominantColors(f.grid, { k: 4 });
        a.colorSource = "frame_grid";
      }
    }
    if (kf) {
      const tasks: Promise<unknown>[] = [];
      if (read && !labelsProblem) tasks.push(labelKeyframe(kf, labelsByFrame, ctx.signal).then((d) => void (a.objects = d), (err: Error) => void labelErrors.push(err.message)));
      if (read && !ocrProblem) {
        let p = ocrByFrame.get(kf);
        if (!p) {
          p = recognizeText(kf);
          ocrByFrame.set(kf, p);
        }
        tasks.push(
          p.then(
            (lines) => void (a.ocr = lines),
            (err: Error) => void ocrErrors.push(err.message),
          ),
        );
      }
      if (vision && describeSet.has(i)) {
        tasks.push(
          describeKeyframe(vision.client, vision.model, kf, ctx.signal).then(
            (d) => void (a.description = d || null),
            (err: Error) => void describeErrors.push(err.message),
          ),
        );
      }
      await Promise.all(tasks);
    }
    ctx.progress(++done / total, `Shot ${done} of ${total}`);
  });
  if (keyframeErrors.length) {
    notes.push(`${keyframeErrors.length} keyframes could not be extracted (${keyframeErrors[0]}); those shots use the frame grid and were not read`);
  }
  if (ocrErrors.length) notes.push(`OCR failed on ${ocrErrors.length} keyframes (${ocrErrors[0]})`);
  if (labelErrors.length) notes.push(`Object detection failed on ${labelErrors.length} keyframes (${labelErrors[0]})`);
  if (budget.skipped) {
    notes.push(
      `On-screen text and objects were read on ${budget.read} of ${shots.length} shot keyframes, spread over the video ` +
        `(the ${Math.round(budget.seconds)} s reading budget was spent; VISUAL_READ_BUDGET_SECONDS sets it)`,
    );
  }
  if (describeErrors.length) {
    notes.push(`The vision model failed on ${describeErrors.length} keyframes (${describeErrors[0]}); those shots are not described`);
  }

  const segments: SegmentDraft[] = results.map((a) => {
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
        keyframe_time: Math.round(a.shot.keyframeTime * 1000) / 1000,
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
        objects_method: a.objects ? LABELS_METHOD : null,
        objects_threshold: a.objects ? OBJECT_THRESHOLD : null,
        objects: a.objects?.objects ?? [],
        faces: a.objects ? a.objects.faces.length : null,
        face_boxes: a.objects?.faces ?? [],
      },
    };
  });
  return { segments, notes };
}

/** Objects and faces on one keyframe JPEG, detected once per distinct file. */
function labelKeyframe(kf: string, memo: Map<string, Promise<Detections>>, signal: AbortSignal): Promise<Detections> {
  let p = memo.get(kf);
  if (!p) memo.set(kf, (p = detectObjects(kf, signal)));
  return p;
}

export const visualelements: AnalysisModule = { name: "visualelements", run: analyse };
