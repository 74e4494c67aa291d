// shots: shot boundaries from the run's single decode pass.
// What the pages and the API know about it (browser-safe); its run function is in ./run.ts.
import type { ModuleDefinition } from "../define";

export const shots = {
  name: "shots",
  label: "Shots",
  description: "Shot boundaries: cuts, dissolves and fades",
  lane: 0,
  onByDefault: true,
  dependsOn: [],
  readsFrames: true,
  describesPicture: true,
  colour: { block: "bg-sky-700 hover:bg-sky-800", dot: "bg-sky-500", active: "ring-sky-900" },
} as const satisfies ModuleDefinition;
