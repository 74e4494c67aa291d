// shots: shot boundaries (cuts and gradual transitions) from the run's single decode pass.
import { describeShot, detectShots } from "@/lib/analysis/shots";
import type { ModuleRunner } from "../../types";

export const shots: ModuleRunner<"shots"> = {
  async run(ctx) {
    if (!ctx.media.video) return { segments: [], notes: ["The file has no video stream"] };
    const decoded = await ctx.shared.frames();
    if (!decoded.frames.length) return { segments: [], notes: ["No frames could be decoded"] };
    const found = detectShots(decoded.frames, { fps: decoded.fps, duration: decoded.duration || ctx.video.duration });
    return {
      segments: found.map((shot) => ({
        start_time: shot.start,
        end_time: shot.end,
        content: describeShot(shot),
        metadata: {
          provider: "local",
          method: "adaptive_frame_difference",
          shot_index: shot.index,
          starts_with: shot.startsWith,
          ends_with: shot.endsWith,
          transition_in: shot.transitionIn ?? null,
          keyframe_time: shot.keyframeTime,
          mean_luma: Math.round(shot.meanLuma * 1000) / 1000,
          motion: Math.round(shot.motion * 1000) / 1000,
          dominant_color: shot.dominantColor ?? null,
        },
      })),
      // Modules that build on shots (scenes, grouped_shots, visualelements) read these.
      data: { shots: found },
    };
  },
};
