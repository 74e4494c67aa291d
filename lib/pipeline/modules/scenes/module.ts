// scenes: consecutive shots merged into scenes.
// What the pages and the API know about it (browser-safe); its run function is in ./run.ts.
import { defineModule } from "../define";

/** It hands no `data` on: modules that build on it read its segments. */
export type Output = never;

export const scenes = defineModule({
  name: "scenes",
  label: "Scenes",
  description: "Consecutive shots merged into scenes",
  apiOrder: 2,
  lane: 1,
  onByDefault: true,
  dependsOn: ["shots", "transcription"],
  readsFrames: true,
  colour: { block: "bg-indigo-600 hover:bg-indigo-700", dot: "bg-indigo-500", active: "ring-indigo-900" },
});
