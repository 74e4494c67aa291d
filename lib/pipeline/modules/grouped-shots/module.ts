// grouped_shots: shots of the same set-up grouped across the video.
// What the pages and the API know about it (browser-safe); its run function is in ./run.ts.
import type { ModuleDefinition } from "../define";

export const groupedShots = {
  name: "grouped_shots",
  label: "Grouped shots",
  description: "Shots of the same set-up grouped across the video",
  lane: 2,
  onByDefault: true,
  dependsOn: ["shots"],
  readsFrames: true,
  colour: { block: "bg-cyan-700 hover:bg-cyan-800", dot: "bg-cyan-600", active: "ring-cyan-900" },
} as const satisfies ModuleDefinition;
