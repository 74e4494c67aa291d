// grouped_shots: shots of the same set-up grouped across the video.
// What the pages and the API know about it (browser-safe); its run function is in ./run.ts.
import { defineModule } from "../define";

/** Its result's `data`: the groups (ids and the indexes of their shots), and how many shots stayed alone or had no look. */
export interface Output {
  groups: { id: number; shots: number[] }[];
  singles: number;
  skipped: number;
}

export const groupedShots = defineModule({
  name: "grouped_shots",
  label: "Grouped shots",
  description: "Shots of the same set-up grouped across the video",
  apiOrder: 4,
  lane: 2,
  onByDefault: true,
  dependsOn: ["shots"],
  readsFrames: true,
  colour: { block: "bg-cyan-700 hover:bg-cyan-800", dot: "bg-cyan-600", active: "ring-cyan-900" },
});
