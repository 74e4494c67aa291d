// visualelements: what is seen in each shot.
// What the pages and the API know about it (browser-safe); its run function is in ./run.ts.
import { defineModule } from "../define";

/** It hands no `data` on: modules that build on it read its segments. */
export type Output = never;

export const visualelements = defineModule({
  name: "visualelements",
  label: "Visual elements",
  description: "Per shot: colours, brightness, motion, text on screen, objects and faces",
  apiOrder: 1,
  lane: 4,
  onByDefault: true,
  dependsOn: ["shots"],
  readsFrames: true,
  describesPicture: true,
  colour: { block: "bg-amber-700 hover:bg-amber-800", dot: "bg-amber-500", active: "ring-amber-900" },
  withoutModel: { needs: "vision", note: "Without a vision model, shots are not described in sentences; everything else is found on this computer." },
});
