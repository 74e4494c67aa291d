// scenes: consecutive shots merged into scenes by evidence — look (zoom-searched keyframe
// descriptors: a shot like one of the last few continues the scene; A-B-A returns only across
// inserts or alternations), speech running across a cut, and transitions (fades and dissolves
// raise the similarity needed). Numbers: lib/analysis/scenes/tuning.ts.
import { detectScenes } from "@/lib/analysis/scenes/detect-scenes";
import { sharedShotLooks } from "@/lib/analysis/scenes/shared-looks";
import type { SpeechCue } from "@/lib/analysis/scenes/merge-scenes";
import { readShotSpans } from "@/lib/analysis/visual/shot-spans";
import { formatClock } from "@/lib/core/clock";
import type { ModuleRunner, ModuleContext, ModuleResult, SegmentDraft } from "../../types";
import { plural } from "@/lib/core/words";

function speechCues(ctx: ModuleContext): SpeechCue[] {
  return (ctx.results.transcription?.segments ?? [])
    .filter((s) => Number.isFinite(s.start_time) && Number.isFinite(s.end_time) && s.end_time > s.start_time && s.content.trim())
    .map((s) => ({ start: s.start_time, end: s.end_time }));
}

async function run(ctx: ModuleContext): Promise<ModuleResult> {
  if (!ctx.media.video) return { segments: [], notes: ["The file has no video stream"] };
  const shots = readShotSpans(ctx.results.shots);
  if (!shots.length) return { segments: [], notes: ["No shots were detected, so no scenes could be formed"] };
  const notes: string[] = [];
  const cues = speechCues(ctx);
  if (!ctx.results.transcription) notes.push("No transcript was available: scenes are formed from the picture alone");
  const { frames } = await ctx.shared.frames();
  const { looks, similarity } = await sharedShotLooks(ctx.shared, frames, shots, ctx.signal);
  const found = (await detectScenes(frames, shots, cues, looks, similarity)).scenes;
  ctx.progress(1);
  const segments: SegmentDraft[] = found.map((sc, i) => {
    const n = sc.shots.length;
    const setups = sc.setups > 1 ? ` (${sc.setups} set-ups)` : "";
    return {
      start_time: sc.start,
      end_time: sc.end,
      content: `Scene ${i + 1} · ${formatClock(sc.start, { padMinutes: false })}–${formatClock(sc.end, { padMinutes: false })} · ${plural(n, "shot")}${setups}`,
      metadata: {
        provider: "local",
        method: "shot_similarity_merge",
        scene: i + 1,
        shot_count: n,
        shots: sc.shots.map((k) => shots[k]!.index),
        setups: sc.setups,
      },
    };
  });
  return { segments, notes };
}

export const scenes: ModuleRunner<"scenes"> = { run };
