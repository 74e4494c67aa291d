// transcription: what is said, from a subtitle track or speech-to-text.
// What the pages and the API know about it (browser-safe); its run function is in ./run.ts.
import type { ModuleDefinition } from "../define";

export const transcription = {
  name: "transcription",
  label: "Transcription",
  description: "What is said: the subtitle track, or the speech turned into text",
  lane: 3,
  onByDefault: true,
  dependsOn: [],
  readsFrames: false,
  colour: { block: "bg-emerald-700 hover:bg-emerald-800", dot: "bg-emerald-500", active: "ring-emerald-900" },
  withoutModel: { needs: "transcribe", note: "Without a speech-to-text model, English speech is recognised on this computer, less accurately; subtitle tracks are read as they are." },
} as const satisfies ModuleDefinition;
