// Where a long video splits: picture borders on keyframes near every CHUNK_SECONDS (so each chunk
// decodes its range by seeking, without re-encoding), and for each border a speech border at the
// silence nearest to it (Silero VAD over a few seconds around it; inside continuous speech, which
// the VAD hears as one region, the quietest breath near it), so no word is cut in two.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ffmpegPath, ffprobePath, runTool } from "@/lib/media/ffmpeg";
import type { MediaInfo } from "@/lib/media/probe";
import { speechRegions, vadUnavailableReason } from "@/lib/analysis/speech/vad";
import { readWavInfo, readWavWindow } from "@/lib/analysis/speech/wav";
import type { Interval } from "@/lib/analysis/text/silence";
import type { NewRunChunk } from "@/db/queries/run-chunks";

/** Seconds of audio looked at on each side of a border for a silence. */
export const SPEECH_BORDER_WINDOW = 5;
/** A pause shorter than this is not a place to cut speech. */
const MIN_PAUSE = 0.2;

interface ProbedPackets {
  packets?: { pts_time?: string; flags?: string }[];
  format?: { start_time?: string };
}

/** The video stream's keyframe times (packets flagged K; read from the container, nothing decoded). */
export async function keyframeTimes(file: string, signal?: AbortSignal): Promise<{ times: number[]; startTime: number }> {
  const { stdout } = await runTool(
    ffprobePath(),
    ["-v", "error", "-select_streams", "v:0", "-show_entries", "packet=pts_time,flags:format=start_time", "-of", "json", file],
    { signal },
  );
  const probed = JSON.parse(stdout.toString("utf8")) as ProbedPackets;
  const times = (probed.packets ?? [])
    .filter((p) => p.flags?.includes("K") && p.pts_time !== undefined)
    .map((p) => Number(p.pts_time))
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  return { times, startTime: Number(probed.format?.start_time ?? 0) || 0 };
}

/**
 * Picture borders: for each multiple of `seconds`, the keyframe nearest to it, at least half a
 * chunk after the previous border and before the end. Empty when the video is not worth splitting.
 */
export function pictureBorders(keyframes: readonly number[], duration: number, seconds: number): number[] {
  const borders: number[] = [];
  let last = 0;
  for (let target = seconds; target < duration - seconds / 2; target += seconds) {
    let best: number | null = null;
    for (const k of keyframes) {
      if (k < last + seconds / 2 || k > duration - seconds / 2) continue;
      if (best === null || Math.abs(k - target) < Math.abs(best - target)) best = k;
    }
    if (best === null || borders.includes(best)) continue;
    borders.push(best);
    last = best;
  }
  return borders;
}

/** A chunk's start-up (its 5-s speech lead, model and decoder starts) is not worth paying for less than this. */
const MIN_HALF_CHUNK = 20;

/**
 * The last `count` chunks (the final round: one per chunk slot) cut in two at the keyframe nearest
 * each one's middle, where both halves are at least MIN_HALF_CHUNK and a quarter of the chunk long.
 * Chunks are claimed in order, so workers that finish their last full chunk at different times
 * share the tail in half-size pieces instead of one waiting for another's whole chunk
 * (chunked-scaling: one worker idle 34 s of a 365-s run while the other ran the last chunk).
 */
export function halveLast(borders: readonly number[], keyframes: readonly number[], duration: number, count: number): number[] {
  // A video that does not split stays whole: its one "chunk" is no final round.
  if (!borders.length) return [];
  const edges = [0, ...borders, duration];
  const out = [...borders];
  for (let i = Math.max(0, edges.length - 1 - count); i < edges.length - 1; i++) {
    const [start, end] = [edges[i]!, edges[i + 1]!];
    const min = Math.max(MIN_HALF_CHUNK, (end - start) / 4);
    let best: number | null = null;
    for (const k of keyframes) {
      if (k < start + min || k > end - min) continue;
      if (best === null || Math.abs(k - (start + end) / 2) < Math.abs(best - (start + end) / 2)) best = k;
    }
    if (best !== null) out.push(best);
  }
  return out.sort((a, b) => a - b);
}

/**
 * Where speech may be cut near `border`: the middle of the pause nearest to it (VAD regions within
 * the window); the border itself when no speech is near; null when the window is speech throughout
 * (the VAD bridges pauses under about 0.8 s, so continuous reading is one region).
 */
export function speechBorderFrom(regions: readonly Interval[], windowStart: number, windowEnd: number, border: number): number | null {
  const pauses: Interval[] = [];
  let at = windowStart;
  for (const r of regions) {
    if (r.start - at >= MIN_PAUSE) pauses.push({ start: at, end: r.start });
    at = Math.max(at, r.end);
  }
  if (windowEnd - at >= MIN_PAUSE) pauses.push({ start: at, end: windowEnd });
  let best: Interval | null = null;
  const distance = (p: Interval) => (border < p.start ? p.start - border : border > p.end ? border - p.end : 0);
  for (const p of pauses) if (!best || distance(p) < distance(best) || (distance(p) === distance(best) && p.end - p.start > best.end - best.start)) best = p;
  if (!regions.length) return border;
  if (!best) return null;
  // A pause at the window's edge may go on beyond it: cut in its part next to the speech.
  const start = best.start === windowStart ? Math.max(best.start, best.end - 2) : best.start;
  const end = best.end === windowEnd ? Math.min(best.end, best.start + 2) : best.end;
  return Math.round(((start + end) / 2) * 1000) / 1000;
}

/** Length of the quiet stretch looked for inside continuous speech. */
const QUIET_SECONDS = 0.25;
/** What each second away from the border costs a quiet stretch, in dB. */
const DB_PER_SECOND = 1;

/**
 * Inside continuous speech, the middle of its quietest stretch near `border` (the breath between
 * two sentences): the lowest mean power over `QUIET_SECONDS`, each second away from the border
 * counting `DB_PER_SECOND` against it. `samples` start at `from` seconds.
 */
export function quietestPoint(samples: Float32Array, sampleRate: number, from: number, border: number): number {
  const hop = Math.max(1, Math.round(sampleRate / 100));
  const frames = Math.floor(samples.length / hop);
  const width = Math.max(1, Math.round((QUIET_SECONDS * sampleRate) / hop));
  if (frames < width) return border;
  const power = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    for (let i = f * hop; i < (f + 1) * hop; i++) sum += samples[i]! * samples[i]!;
    power[f] = sum / hop;
  }
  let running = 0;
  for (let f = 0; f < width; f++) running += power[f]!;
  let best = border;
  let bestScore = Infinity;
  for (let f = 0; f + width <= frames; f++) {
    if (f > 0) running += power[f + width - 1]! - power[f - 1]!;
    const centre = from + ((f + width / 2) * hop) / sampleRate;
    const score = 10 * Math.log10(Math.max(running / width, 1e-12)) + DB_PER_SECOND * Math.abs(centre - border);
    if (score < bestScore) [bestScore, best] = [score, centre];
  }
  return Math.round(best * 1000) / 1000;
}

async function speechBorder(file: string, border: number, signal?: AbortSignal): Promise<number> {
  const from = Math.max(0, border - SPEECH_BORDER_WINDOW);
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), "va-border-"));
  try {
    const wav = path.join(dir, "window.wav");
    await runTool(
      ffmpegPath(),
      ["-v", "error", "-y", "-ss", from.toFixed(3), "-t", (2 * SPEECH_BORDER_WINDOW).toFixed(3), "-i", file, "-vn", "-ac", "1", "-ar", "16000", "-f", "wav", wav],
      { signal },
    );
    const info = readWavInfo(wav);
    const regions = await speechRegions(wav, info, signal);
    const to = from + info.frames / info.sampleRate;
    const inPause = speechBorderFrom(
      regions.map((r) => ({ start: from + r.start, end: from + r.end })),
      from,
      to,
      border,
    );
    return inPause ?? quietestPoint(readWavWindow(wav, info, 0, info.frames), info.sampleRate, from, border);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** Whether a video is long enough to split into chunks of `seconds` (0: never split): 1.5 chunks or more. */
export function longEnoughToSplit(media: MediaInfo, seconds: number): boolean {
  return seconds > 0 && Boolean(media.video) && media.duration >= seconds * 1.5;
}

/**
 * The chunks of a video, or null when it stays one run: shorter than 1.5 chunks, no keyframe to
 * split at, or a container whose times do not start at 0 (a ranged decode would shift them).
 * `slots`: how many chunks run at once; that many final chunks are halved (halveLast).
 */
export async function planChunks(
  file: string,
  media: MediaInfo,
  seconds: number,
  opts: { signal?: AbortSignal; slots?: number } = {},
): Promise<NewRunChunk[] | null> {
  const { signal, slots = 0 } = opts;
  if (!longEnoughToSplit(media, seconds)) return null;
  const { times, startTime } = await keyframeTimes(file, signal);
  if (Math.abs(startTime) > 1e-3) return null;
  const borders = halveLast(pictureBorders(times, media.duration, seconds), times, media.duration, slots);
  if (!borders.length) return null;
  const canListen = !!media.audio && (await vadUnavailableReason()) === null;
  const speech: number[] = [];
  for (const b of borders) speech.push(canListen ? await speechBorder(file, b, signal) : b);
  const starts = [0, ...borders];
  return starts.map((start, i) => ({
    idx: i,
    startTime: start,
    endTime: i + 1 < starts.length ? starts[i + 1]! : media.duration,
    speechStart: i === 0 ? 0 : speech[i - 1]!,
    speechEnd: i + 1 < starts.length ? speech[i]! : media.duration,
  }));
}
