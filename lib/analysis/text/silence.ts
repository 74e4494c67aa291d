// Silences in an audio file, found by ffmpeg's `silencedetect`: where to cut audio for upload
// and where a speech-to-text model's output is likely invented.
import { ffmpegPath, runTool } from "@/lib/media/ffmpeg";

export interface Interval {
  start: number;
  end: number;
}

/** Reads `silence_start` / `silence_end` lines of silencedetect's log; an open silence ends at `duration`. */
export function parseSilenceDetect(log: string, duration?: number): Interval[] {
  const out: Interval[] = [];
  let open: number | null = null;
  for (const line of log.split(/\r?\n/)) {
    const s = /silence_start:\s*(-?[\d.]+)/.exec(line);
    if (s) {
      open = Math.max(0, Number(s[1]));
      continue;
    }
    const e = /silence_end:\s*([\d.]+)/.exec(line);
    if (e && open !== null) {
      out.push({ start: open, end: Number(e[1]) });
      open = null;
    }
  }
  if (open !== null && duration !== undefined && duration > open) out.push({ start: open, end: duration });
  return out;
}

export interface SilenceOptions {
  /** Level below which audio counts as silent, in dBFS. */
  noiseDb?: number;
  /** Shortest silence reported, in seconds. */
  minSeconds?: number;
  signal?: AbortSignal;
}

/** `max_volume` of volumedetect's log in dBFS (-Infinity for digital silence), null when absent. */
export function parseMaxVolume(log: string): number | null {
  const m = /max_volume:\s*(-?inf|-?[\d.]+)\s*dB/.exec(log);
  if (!m) return null;
  return m[1]!.endsWith("inf") ? -Infinity : Number(m[1]);
}

/** One pass over the audio: its silences and its peak level. */
export async function analyzeSilence(
  file: string,
  duration: number,
  opts: SilenceOptions = {},
): Promise<{ silences: Interval[]; maxVolumeDb: number | null }> {
  const noise = opts.noiseDb ?? -35;
  const d = opts.minSeconds ?? 0.4;
  const { stderr } = await runTool(
    ffmpegPath(),
    ["-hide_banner", "-nostats", "-i", file, "-af", `silencedetect=noise=${noise}dB:d=${d},volumedetect`, "-f", "null", "-"],
    { signal: opts.signal },
  );
  return { silences: parseSilenceDetect(stderr, duration), maxVolumeDb: parseMaxVolume(stderr) };
}

/** Seconds of [start, end] covered by the (sorted, disjoint) silences. */
export function silentSeconds(silences: readonly Interval[], start: number, end: number): number {
  let total = 0;
  for (const s of silences) {
    if (s.end <= start) continue;
    if (s.start >= end) break;
    total += Math.min(end, s.end) - Math.max(start, s.start);
  }
  return total;
}
