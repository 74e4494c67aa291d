// transcription: what is said, from a subtitle track or speech-to-text.
// What the pages and the API know about it (browser-safe); its run function is in ./run.ts.
import { defineModule } from "../define";

/** Its result's `data`: where the transcript came from, with that source's counts. */
export type Output =
  | { source: "subtitle_track"; track: number; language: string | null; cues: number }
  /** `chunks`: the audio pieces sent, [start, end] in seconds; `dropped`: pieces dropped, by reason. */
  | { source: "openai"; model: string; chunks: [number, number][]; dropped?: Record<string, number> }
  /** The offline recogniser's statistics (lib/analysis/speech) and how many utterances it kept. */
  | { source: "offline"; utterances: number; [stat: string]: unknown };

export const transcription = defineModule({
  name: "transcription",
  label: "Transcription",
  description: "What is said: the subtitle track, or the speech turned into text",
  apiOrder: 0,
  lane: 3,
  onByDefault: true,
  dependsOn: [],
  readsFrames: false,
  colour: { block: "bg-emerald-700 hover:bg-emerald-800", dot: "bg-emerald-500", active: "ring-emerald-900" },
  withoutModel: { needs: "transcribe", note: "Without a speech-to-text model, English speech is recognised on this computer, less accurately; subtitle tracks are read as they are." },
});
