// Offline speech-to-text: Silero VAD finds where someone speaks, PocketSphinx (US English) reads
// the audio, and only words inside a speech region are kept (music and noise cannot become words);
// each speech region becomes one utterance with its words' times and confidences. PocketSphinx
// hears the audio as it is: silencing the rest instead upsets its running cepstral mean and noise
// estimate, and it misreads the first utterance after the silenced stretch (measured on the bench).
import {
  POCKETSPHINX_LANGUAGE,
  POCKETSPHINX_METHOD,
  POCKETSPHINX_MODEL,
  pocketsphinxUnavailableReason,
  recognizeWords,
} from "./pocketsphinx";
import { plural } from "@/lib/core/words";
import { groupUtterances, type Utterance } from "./utterances";
import { speechRegions, vadUnavailableReason } from "./vad";
import { readWavInfo } from "./wav";

export type { Utterance } from "./utterances";
export { POCKETSPHINX_LANGUAGE, POCKETSPHINX_METHOD, POCKETSPHINX_MODEL } from "./pocketsphinx";

/** Utterances whose words average below this are mostly guesses: dropped. */
export const MIN_UTTERANCE_CONFIDENCE = 0.35;
/** When the words of the whole audio average below this, the speech is not (US) English. */
export const MIN_LANGUAGE_CONFIDENCE = 0.4;

export interface OfflineTranscript {
  utterances: Utterance[];
  notes: string[];
  data: Record<string, unknown>;
}

/** Why offline speech-to-text cannot run here, or null when it can. */
export async function offlineSpeechUnavailableReason(): Promise<string | null> {
  return (await pocketsphinxUnavailableReason()) ?? (await vadUnavailableReason());
}

/** Transcribes a 16 kHz mono 16-bit WAV. Never throws for audio without (English) speech: it says so in a note. */
export async function transcribeOffline(
  wav: string,
  opts: { signal?: AbortSignal; progress?: (fraction: number, message: string) => void } = {},
): Promise<OfflineTranscript> {
  const base = { method: POCKETSPHINX_METHOD, model: POCKETSPHINX_MODEL, vad: "silero_vad", language: POCKETSPHINX_LANGUAGE };
  let info;
  try {
    info = readWavInfo(wav);
  } catch (err) {
    return { utterances: [], notes: [`The audio track could not be read (${(err as Error).message})`], data: base };
  }
  const duration = info.frames / info.sampleRate;
  if (duration < 0.1) return { utterances: [], notes: ["The audio track is empty: there is no speech to transcribe"], data: base };
  const regions = await speechRegions(wav, info, opts.signal);
  const speechSeconds = regions.reduce((s, r) => s + r.end - r.start, 0);
  const data = { ...base, speech_regions: regions.length, speech_seconds: Math.round(speechSeconds * 10) / 10 };
  if (!regions.length) {
    return { utterances: [], notes: ["No speech was detected in the audio (voice activity detection found none)"], data };
  }
  opts.progress?.(0.05, `Speech found in ${plural(regions.length, "stretch", "stretches")}`);

  const words = await recognizeWords(wav, {
    signal: opts.signal,
    onWord: (w) => opts.progress?.(0.05 + 0.95 * Math.min(1, w.end / duration), `Recognised speech up to ${Math.round(w.end)} s`),
  });
  const all = groupUtterances(words, regions);
  const heard = all.flatMap((u) => u.words);
  const meanConfidence = heard.length ? heard.reduce((s, w) => s + w.confidence, 0) / heard.length : 0;
  const stats = { ...data, words_heard: heard.length, mean_word_confidence: Math.round(meanConfidence * 1000) / 1000 };
  if (!heard.length) {
    return { utterances: [], notes: ["Speech-like sound was found but no words could be recognised in it"], data: stats };
  }
  if (meanConfidence < MIN_LANGUAGE_CONFIDENCE) {
    return {
      utterances: [],
      notes: [
        `The speech could not be recognised as English (mean word confidence ${meanConfidence.toFixed(2)}): the offline ` +
          "speech-to-text knows US English only, so no transcript is given (a Whisper server can be set with OPENAI_TRANSCRIBE_BASE_URL)",
      ],
      data: stats,
    };
  }
  const utterances = all.filter((u) => u.confidence >= MIN_UTTERANCE_CONFIDENCE);
  const notes: string[] = [];
  const dropped = all.length - utterances.length;
  if (dropped) notes.push(`${dropped} of ${all.length} utterances were recognised with too little confidence and are left out`);
  return { utterances, notes, data: { ...stats, utterances_dropped: dropped } };
}
