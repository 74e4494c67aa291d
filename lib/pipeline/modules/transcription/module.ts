// transcription: what is said, from a subtitle track or speech-to-text.
// What the pages and the API know about it (browser-safe); its run function is in ./run.ts.
import type { ModuleDefinition } from "../define";

export const transcription = {
  name: "transcription",
  label: "Transcription",
  description: "What is said: subtitle tracks, or speech-to-text with a configured model",
  lane: 3,
  onByDefault: true,
  dependsOn: [],
  colour: { block: "bg-emerald-700 hover:bg-emerald-800", dot: "bg-emerald-500", active: "ring-emerald-900" },
} as const satisfies ModuleDefinition;
