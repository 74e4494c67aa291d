// shots: shot boundaries from the run's single decode pass.
// What the pages and the API know about it (browser-safe); its run function is in ./run.ts.
import type { Shot } from "@/lib/analysis/shots/types";
import { defineModule } from "../define";

/** Its result's `data`: the detector's shots, which scenes, grouped shots and visual elements build on. */
export interface Output {
  shots: Shot[];
}

export const shots = defineModule({
  name: "shots",
  label: "Shots",
  description: "Shot boundaries: cuts, dissolves and fades",
  apiOrder: 3,
  lane: 0,
  onByDefault: true,
  dependsOn: [],
  readsFrames: true,
  describesPicture: true,
  colour: { block: "bg-sky-700 hover:bg-sky-800", dot: "bg-sky-500", active: "ring-sky-900" },
});
