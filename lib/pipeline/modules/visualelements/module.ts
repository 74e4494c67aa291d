// visualelements: what is seen in each shot.
// What the pages and the API know about it (browser-safe); its run function is in ./run.ts.
import type { ModuleDefinition } from "../define";

export const visualelements = {
  name: "visualelements",
  label: "Visual elements",
  description: "Per shot: colours, brightness, motion and on-screen text (OCR)",
  lane: 4,
  onByDefault: true,
  dependsOn: ["shots"],
  colour: { block: "bg-amber-700 hover:bg-amber-800", dot: "bg-amber-500", active: "ring-amber-900" },
} as const satisfies ModuleDefinition;
