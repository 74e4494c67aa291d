// transcription: what is said. An embedded subtitle track gives exact cues; otherwise the audio
// goes to the configured speech-to-text model in pieces cut at silences, and the answers are put
// back on the video's clock with likely hallucinations removed. With no model, offline
// speech-to-text (Silero VAD + PocketSphinx, US English) transcribes it; what cannot be, a note says.
import fs from "node:fs";
import path from "node:path";
import { APIError, toFile } from "openai";
import type { TranscriptionSegment, TranscriptionVerbose } from "openai/resources/audio/transcriptions";
import { getModelClient } from "@/lib/ai/provider";
import { planAudioChunks, stitchChunks } from "@/lib/analysis/text/chunks";
import { filterHallucinations } from "@/lib/analysis/text/hallucination";
import { analyzeSilence, type Interval } from "@/lib/analysis/text/silence";
import { parseWebVtt } from "@/lib/analysis/text/vtt";
import {
  offlineSpeechUnavailableReason,
  POCKETSPHINX_LANGUAGE,
  POCKETSPHINX_METHOD,
  POCKETSPHINX_MODEL,
  transcribeOffline,
} from "@/lib/analysis/speech";
import { ffmpegPath, runTool } from "@/lib/media/ffmpeg";
import type { ModuleRunner, ModuleContext, ModuleResultOf, SegmentDraft } from "../../types";
import { env } from "@/lib/env";

/** Subtitle codecs that hold pictures, not text. */
const BITMAP_SUBTITLES = new Set(["dvd_subtitle", "hdmv_pgs_subtitle", "dvb_subtitle", "xsub", "dvb_teletext"]);
/** 16 kHz mono 16-bit WAV is 32 kB/s: 750 s stays under the 25 MB upload limit. */
const MAX_CHUNK_SECONDS = 750;

function isConfigurationError(err: unknown): boolean {
  return err instanceof APIError && typeof err.status === "number" && err.status >= 400 && err.status < 500 && ![408, 409, 429].includes(err.status);
}

export const NO_STT_NOTE = "No speech-to-text is configured (set OPENAI_API_KEY) and the video has no subtitle track";
/** ISO 639-2 tags of English audio (and none: untagged) — the only language of the offline model. */
const ENGLISH_TAGS = new Set(["eng", "en", "und", ""]);

/** Longest audio piece sent in one request (OPENAI_TRANSCRIBE_CHUNK_SECONDS, default 600 s). */
export function transcribeChunkSeconds(): number {
  const n = env().OPENAI_TRANSCRIBE_CHUNK_SECONDS;
  return Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_CHUNK_SECONDS) : 600;
}

async function fromSubtitles(ctx: ModuleContext, notes: string[]): Promise<ModuleResultOf<"transcription"> | null> {
  const track = ctx.media.subtitles[0];
  if (!track) return null;
  if (BITMAP_SUBTITLES.has(track.codec)) {
    notes.push(`The subtitle track (${track.codec}) holds images, not text, so it cannot be read as a transcript`);
    return null;
  }
  const vtt = await ctx.shared.subtitlesVtt();
  const cues = vtt ? parseWebVtt(vtt) : [];
  if (!cues.length) {
    notes.push("The subtitle track holds no cues");
    return null;
  }
  const language = track.language && track.language !== "und" ? track.language : null;
  const segments: SegmentDraft[] = cues.map((c) => ({
    start_time: c.start,
    end_time: c.end,
    content: c.text,
    metadata: { provider: "local", method: "subtitle_track", track: track.index, language },
  }));
  return { segments, notes, data: { source: "subtitle_track", track: track.index, language, cues: cues.length } };
}

async function cutChunk(wav: string, chunk: Interval, out: string, signal: AbortSignal): Promise<void> {
  // Seeking a PCM WAV is sample-exact, so the chunk's offset is exactly chunk.start.
  await runTool(
    ffmpegPath(),
    ["-v", "error", "-y", "-ss", chunk.start.toFixed(3), "-i", wav, "-t", (chunk.end - chunk.start).toFixed(3),
      "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", out],
    { signal },
  );
}

/** The previous piece's last words carry context across a cut. (The video's `initial_prompt` is
 * an instruction for the analysis, not a transcript: given to Whisper it can come back as text.) */
function whisperPrompt(previousText: string): string | undefined {
  const tail = previousText.trim().slice(-300);
  return tail || undefined;
}

async function fromSpeechToText(
  ctx: ModuleContext,
  stt: NonNullable<ReturnType<typeof getModelClient>>,
  wav: string,
  notes: string[],
): Promise<ModuleResultOf<"transcription">> {
  const duration = ctx.video.duration;
  const { silences, maxVolumeDb } = await analyzeSilence(wav, duration, { signal: ctx.signal });
  // Never even peaking at -50 dBFS: nothing a model could hear, and the classic hallucination bait.
  if (maxVolumeDb !== null && maxVolumeDb < -50) {
    notes.push("The audio track is silent: there is no speech to transcribe");
    return { segments: [], notes, data: { source: "openai", model: stt.model, chunks: [] } };
  }
  const chunks = planAudioChunks(duration, silences, { maxSeconds: transcribeChunkSeconds() });
  const dir = path.join(ctx.shared.workDir, "stt");
  fs.mkdirSync(dir, { recursive: true });
  const pieces: { chunk: Interval; segments: (TranscriptionSegment & { language: string | null })[] }[] = [];
  let previousText = "";
  try {
    for (const [i, chunk] of chunks.entries()) {
      const file = path.join(dir, `chunk-${String(i).padStart(3, "0")}.wav`);
      await cutChunk(wav, chunk, file, ctx.signal);
      let res: TranscriptionVerbose;
      try {
        res = await stt.client.audio.transcriptions.create(
          {
            model: stt.model,
            file: await toFile(fs.createReadStream(file), path.basename(file), { type: "audio/wav" }),
            response_format: "verbose_json",
            timestamp_granularities: ["segment"],
            prompt: whisperPrompt(previousText),
          },
          { signal: ctx.signal },
        );
      } catch (err) {
        // A refusal of what we asked (wrong model, bad key, unsupported format) will not change on
        // a retry: say so and keep what was transcribed. Outages (5xx, 429, network) fail the step.
        if (!isConfigurationError(err)) throw err;
        const where = i ? ` at ${Math.round(chunk.start)} s; the transcript stops there` : "";
        notes.push(`The speech-to-text model ${stt.model} refused the audio${where}: ${(err as Error).message}`);
        break;
      }
      fs.rmSync(file, { force: true });
      const language = res.language || null;
      pieces.push({ chunk, segments: (res.segments ?? []).map((s) => ({ ...s, language })) });
      previousText = res.text ?? "";
      ctx.progress((i + 1) / chunks.length, `Transcribed ${Math.round(chunk.end)} of ${Math.round(duration)} s`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const stitched = stitchChunks(pieces);
  const { kept, dropped } = filterHallucinations(stitched, { silences });
  const droppedBy: Record<string, number> = {};
  for (const d of dropped) droppedBy[d.reason] = (droppedBy[d.reason] ?? 0) + 1;
  if (!kept.length && pieces.length === chunks.length) notes.push("The speech-to-text model found no speech in the audio");
  const segments: SegmentDraft[] = kept.map((s) => ({
    start_time: s.start,
    end_time: s.end,
    content: s.text.trim(),
    metadata: {
      provider: "openai",
      model: stt.model,
      language: s.language,
      avg_logprob: s.avg_logprob,
      no_speech_prob: s.no_speech_prob,
    },
  }));
  return {
    segments,
    notes,
    data: { source: "openai", model: stt.model, chunks: pieces.map((p) => [p.chunk.start, p.chunk.end]), dropped: droppedBy },
  };
}

async function offline(ctx: ModuleContext, notes: string[]): Promise<ModuleResultOf<"transcription">> {
  const problem = await offlineSpeechUnavailableReason();
  if (problem) {
    notes.push(`${NO_STT_NOTE}; offline speech-to-text is unavailable: ${problem}`);
    return { segments: [], notes };
  }
  const tag = (ctx.media.audio?.language ?? "").toLowerCase();
  if (!ENGLISH_TAGS.has(tag)) {
    notes.push(
      `The audio track is tagged as language "${tag}": the offline speech-to-text knows US English only, so no transcript ` +
        "is given (set OPENAI_TRANSCRIBE_BASE_URL to a Whisper server, or OPENAI_API_KEY)",
    );
    return { segments: [], notes };
  }
  const wav = await ctx.shared.audioWav().catch((err: Error) => {
    if (ctx.signal.aborted) throw err;
    notes.push(`The audio track could not be decoded (${err.message.split("\n")[0]})`);
    return null;
  });
  if (!wav) {
    if (!notes.length) notes.push("The audio track could not be extracted");
    return { segments: [], notes };
  }
  const result = await transcribeOffline(wav, {
    signal: ctx.signal,
    progress: (f, m) => ctx.progress(f, m),
  });
  notes.push(...result.notes);
  const segments: SegmentDraft[] = result.utterances.map((u) => ({
    start_time: u.start,
    end_time: u.end,
    content: u.text,
    metadata: {
      provider: "local",
      method: POCKETSPHINX_METHOD,
      model: POCKETSPHINX_MODEL,
      vad: "silero_vad",
      language: POCKETSPHINX_LANGUAGE,
      confidence: u.confidence,
      words: u.words.map((w) => [w.word, w.start, w.end, w.confidence]),
    },
  }));
  return { segments, notes, data: { source: "offline", ...result.data, utterances: segments.length } };
}

export const transcription: ModuleRunner<"transcription"> = {
  async run(ctx) {
    const notes: string[] = [];
    const subs = await fromSubtitles(ctx, notes);
    if (subs) return subs;

    const stt = getModelClient("transcribe");
    if (!ctx.media.audio) {
      notes.push(
        ctx.media.subtitles.length
          ? "The video has no audio track and its subtitle track could not be read"
          : "The video has no audio track and no subtitle track: there is nothing to transcribe",
      );
      return { segments: [], notes };
    }
    if (!stt) return offline(ctx, notes);
    const wav = await ctx.shared.audioWav();
    if (!wav) {
      notes.push("The audio track could not be extracted");
      return { segments: [], notes };
    }
    return fromSpeechToText(ctx, stt, wav, notes);
  },
};
