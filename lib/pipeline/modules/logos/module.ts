// logos: brands seen on screen.
// What the pages and the API know about it (browser-safe); its run function is in ./run.ts.
import type { ModuleDefinition } from "../define";

export const logos = {
  name: "logos",
  label: "Logos",
  description: "Brands seen on screen",
  lane: 5,
  onByDefault: true,
  dependsOn: ["visualelements"],
  readsFrames: true,
  colour: { block: "bg-rose-700 hover:bg-rose-800", dot: "bg-rose-500", active: "ring-rose-900" },
  withoutModel: {
    needs: "vision",
    note: "Without a vision model only brand names written on screen are found, so it is off unless you pick it.",
    findsNothing: true,
  },
} as const satisfies ModuleDefinition;
