// How much of a media file can really be read. A truncated download or a copy cut short keeps its
// header: an MP4 whose index (moov) comes first still declares its full duration, while its data
// ends early. ffprobe's packet listing stops where the data does, without decoding anything.
import { ffprobePath, runTool } from "./ffmpeg";
import type { MediaInfo } from "./probe";

/** Seconds before the declared end that the quick look at the end reads. */
const TAIL_SECONDS = 3;
/** A file whose data ends this close to its declared end is whole (rounding, a short last frame). */
const SLACK_SECONDS = 0.5;

interface Packet {
  time: number;
  duration: number;
}

async function packets(file: string, stream: string, from?: number, signal?: AbortSignal): Promise<Packet[]> {
  const args = ["-v", "error", "-select_streams", stream, "-show_entries", "packet=pts_time,dts_time,duration_time", "-of", "csv=p=0"];
  if (from !== undefined) args.push("-read_intervals", `${from.toFixed(3)}%`);
  // A truncated file makes ffprobe complain ("partial file") but it still lists what it read and
  // exits 0; a non-zero exit means nothing of the stream could be listed.
  const { stdout } = await runTool(ffprobePath(), [...args, file], { signal }).catch(() => ({ stdout: Buffer.alloc(0) }));
  const out: Packet[] = [];
  for (const line of stdout.toString().split("\n")) {
    const [pts, dts, dur] = line.split(",").map((x) => Number.parseFloat(x ?? ""));
    const time = Number.isFinite(pts) ? pts! : Number.isFinite(dts) ? dts! : NaN;
    if (Number.isFinite(time)) out.push({ time, duration: Number.isFinite(dur) ? dur! : 0 });
  }
  return out;
}

function endOf(list: Packet[]): number {
  let end = 0;
  for (const p of list) end = Math.max(end, p.time + p.duration);
  return end;
}

/**
 * The end, in seconds, of the data the file really holds for its main stream (the video, else
 * the audio): `media.duration` when the file is whole, less when it ends early, 0 when not one
 * packet can be read. Whole files cost one look at their last seconds.
 */
export async function readableEnd(file: string, media: MediaInfo, signal?: AbortSignal): Promise<number> {
  const stream = media.video ? "v:0" : media.audio ? "a:0" : null;
  if (!stream || !(media.duration > 0)) return media.duration;
  const tail = await packets(file, stream, Math.max(0, media.duration - TAIL_SECONDS), signal);
  if (tail.length && endOf(tail) >= media.duration - SLACK_SECONDS) return media.duration;
  // The end is missing: list every packet up to where the data stops.
  const all = await packets(file, stream, undefined, signal);
  return Math.min(media.duration, endOf(all));
}
