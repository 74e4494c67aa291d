// logos: brands seen on screen. With a vision model: logos recognised on shot keyframes. Always:
// well-known brand names found in the on-screen text that visualelements read offline (OCR).
import { getModelClient } from "@/lib/ai/provider";
import { matchBrands, wordsOf } from "@/lib/analysis/logos/match-brands";
import { recognizeLogos, type SeenLogo } from "@/lib/analysis/logos/vision-logos";
import { mapLimit, metadataOf, spreadSelection } from "@/lib/analysis/visual/util";
import type { ModuleRunner, ModuleContext, ModuleResult, SegmentDraft } from "../../types";
import { MAX_DESCRIBED_FRAMES } from "../visualelements/run";

const MIN_CONFIDENCE = 0.5;

interface ShotView {
  start: number;
  end: number;
  keyframeTime: number;
  shotIndex: number | null;
  /** null when OCR did not run on this shot's keyframe. */
  ocrText: string | null;
}

function shotViews(ctx: ModuleContext): ShotView[] {
  // Shots only: people's appearance segments (metadata.kind "person") have no keyframe of their own.
  return (ctx.results.visualelements?.segments ?? []).filter((s) => metadataOf(s.metadata).kind !== "person").map((s) => {
    const m = metadataOf(s.metadata);
    const kt = typeof m.keyframe_time === "number" ? m.keyframe_time : (s.start_time + s.end_time) / 2;
    return {
      start: s.start_time,
      end: s.end_time,
      keyframeTime: kt,
      shotIndex: typeof m.shot_index === "number" ? m.shot_index : null,
      ocrText: typeof m.ocr_text === "string" ? m.ocr_text : null,
    };
  });
}

async function run(ctx: ModuleContext): Promise<ModuleResult> {
  const notes: string[] = [];
  const views = shotViews(ctx);
  if (!views.length) {
    return { segments: [], notes: ["No keyframes were analysed (visual elements produced nothing), so no brands could be looked for"] };
  }
  const segments: SegmentDraft[] = [];
  // Brands the model already reported per shot, so OCR does not repeat them.
  const seen = new Set<string>();
  const key = (i: number, brand: string) => `${i}\u0000${wordsOf(brand).join("")}`;

  const vision = getModelClient("vision");
  if (vision) {
    const picked = spreadSelection(views, MAX_DESCRIBED_FRAMES);
    if (views.length > picked.length) notes.push(`The vision model looked at ${picked.length} of ${views.length} shot keyframes, spread over the video`);
    const errors: string[] = [];
    let done = 0;
    const answers = await mapLimit(picked, 3, async (vi) => {
      const v = views[vi]!;
      try {
        const kf = (await ctx.shared.keyframeImage(v.keyframeTime, [v.start, v.end])).file;
        return await recognizeLogos(vision.client, vision.model, kf, ctx.signal);
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        errors.push((err as Error).message);
        return [] as SeenLogo[];
      } finally {
        ctx.progress((++done / picked.length) * 0.9);
      }
    });
    picked.forEach((vi, k) => {
      const v = views[vi]!;
      for (const logo of answers[k]!) {
        if (logo.confidence < MIN_CONFIDENCE || seen.has(key(vi, logo.brand))) continue;
        seen.add(key(vi, logo.brand));
        segments.push({
          start_time: v.start,
          end_time: v.end,
          content: `${logo.brand}${logo.where ? ` (${logo.where})` : ""}`,
          metadata: {
            provider: "openai",
            model: vision.model,
            brand: logo.brand,
            confidence: logo.confidence,
            keyframe_time: v.keyframeTime,
            shot_index: v.shotIndex,
          },
        });
      }
    });
    if (errors.length) notes.push(`The vision model failed on ${errors.length} keyframes (${errors[0]})`);
  } else {
    notes.push("No vision model is configured: only brand names written on screen (read by OCR) are recognised, not logos as pictures");
  }

  const withText = views.filter((v) => v.ocrText !== null);
  if (!withText.length) {
    notes.push("No on-screen text was read (OCR did not run), so no brand names could be matched in text");
  } else {
    views.forEach((v, vi) => {
      if (!v.ocrText) return;
      for (const m of matchBrands(v.ocrText.split("\n"))) {
        if (seen.has(key(vi, m.brand))) continue;
        seen.add(key(vi, m.brand));
        segments.push({
          start_time: v.start,
          end_time: v.end,
          content: `${m.brand} (on-screen text "${m.matchedText}")`,
          metadata: {
            provider: "local",
            method: "ocr_brand_match",
            brand: m.brand,
            matched_text: m.matchedText,
            keyframe_time: v.keyframeTime,
            shot_index: v.shotIndex,
          },
        });
      }
    });
  }
  ctx.progress(1);
  segments.sort((a, b) => a.start_time - b.start_time || a.content.localeCompare(b.content));
  return { segments, notes };
}

export const logos: ModuleRunner<"logos"> = { run };
