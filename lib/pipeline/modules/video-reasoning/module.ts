// video_reasoning: summary, chapters and key moments.
// What the pages and the API know about it (browser-safe); its run function is in ./run.ts.
import { defineModule } from "../define";

/** Its result's `data`: who wrote the summary (a model, or passages picked from the video). */
export type Output = { source: "extractive_summary" } | { source: "openai"; model: string };

export const videoReasoning = defineModule({
  name: "video_reasoning",
  label: "Video reasoning",
  description: "Summary, chapters and key moments",
  apiOrder: 6,
  lane: 6,
  onByDefault: true,
  dependsOn: ["shots", "scenes", "transcription"],
  readsFrames: false,
  readsEveryResult: true,
  withoutModel: {
    needs: "chat",
    note: "Without a language model, the summary and key moments are picked from what is said and shown in the video.",
  },
  colour: { block: "bg-violet-600 hover:bg-violet-700", dot: "bg-violet-500", active: "ring-violet-900" },
});
