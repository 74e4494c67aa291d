// logos: brands seen on screen.
// What the pages and the API know about it (browser-safe); its run function is in ./run.ts.
import { defineModule } from "../define";

/** It hands no `data` on: modules that build on it read its segments. */
export type Output = never;

export const logos = defineModule({
  name: "logos",
  label: "Logos",
  description: "Brands seen on screen",
  apiOrder: 5,
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
});
