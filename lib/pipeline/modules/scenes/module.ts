// scenes: consecutive shots merged into scenes.
// What the pages and the API know about it (browser-safe); its run function is in ./run.ts.
import type { ModuleDefinition } from "../define";

export const scenes = {
  name: "scenes",
  label: "Scenes",
  description: "Consecutive shots merged into scenes",
  lane: 1,
  onByDefault: true,
  dependsOn: ["shots", "transcription"],
  readsFrames: true,
  colour: { block: "bg-indigo-600 hover:bg-indigo-700", dot: "bg-indigo-500", active: "ring-indigo-900" },
} as const satisfies ModuleDefinition;
