// grouped_shots: shots of the same set-up (same place and subject, any framing: wide, medium and
// close-up meet through a zoom search over the keyframes) grouped across the video; one segment per
// occurrence of a group, numbered by first appearance (stable on re-runs).
import { sharedShotLooks } from "@/lib/analysis/scenes/shared-looks";
import { groupByLook, SETUP_THRESHOLD } from "@/lib/analysis/visual/group-shots";
import { readShotSpans } from "@/lib/analysis/visual/shot-spans";
import type { ModuleRunner, ModuleContext, ModuleResultOf, SegmentDraft } from "../../types";
import { plural } from "@/lib/core/words";

async function run(ctx: ModuleContext): Promise<ModuleResultOf<"grouped_shots">> {
  if (!ctx.media.video) return { segments: [], notes: ["The file has no video stream"] };
  const shots = readShotSpans(ctx.results.shots);
  if (!shots.length) return { segments: [], notes: ["No shots were detected, so there is nothing to group"] };
  const { frames } = await ctx.shared.frames();
  const { looks, similarity } = await sharedShotLooks(ctx.shared, frames, shots, ctx.signal);
  const grouping = await groupByLook(looks, SETUP_THRESHOLD, {}, similarity.setup);
  const notes: string[] = [];
  const missing = looks.filter((l) => !l.keyframe).length - grouping.skipped.length;
  if (missing > 0) notes.push(`${plural(missing, "shot")} had no readable keyframe and were compared by their decoded frame features only`);
  ctx.progress(1);
  const segments: SegmentDraft[] = [];
  for (const g of grouping.groups) {
    g.shots.forEach((si, k) => {
      const shot = shots[si]!;
      segments.push({
        start_time: shot.start,
        end_time: shot.end,
        content: `Set-up ${g.id} (${plural(g.shots.length, "shot")}) · occurrence ${k + 1} of ${g.shots.length}`,
        metadata: {
          provider: "local",
          method: "keyframe_feature_clustering",
          group_id: g.id,
          group_size: g.shots.length,
          occurrence: k + 1,
          similarity: g.similarity[k],
          shot_index: shot.index,
          threshold: SETUP_THRESHOLD,
        },
      });
    });
  }
  segments.sort((a, b) => a.start_time - b.start_time);
  return {
    segments,
    notes,
    data: {
      groups: grouping.groups.map((g) => ({ id: g.id, shots: g.shots })),
      singles: grouping.singles.length,
      skipped: grouping.skipped.length,
    },
  };
}

export const groupedShots: ModuleRunner<"grouped_shots"> = { run };
