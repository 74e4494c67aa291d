// Cuts ranges of one or more local video files into one MP4 with one ffmpeg: each range is an
// input of its own, seeked a little before its start (fast keyframe seek), then trimmed to the
// exact frame in the filter graph (`trim`/`atrim`), scaled and padded to one frame size, and all
// of them joined in order by `concat`. Re-encoding around every cut makes the cuts frame-accurate
// and keeps audio in sync; a range of a source without audio gets silence of its length.
import { ffmpegPath, runTool } from "@/lib/media/ffmpeg";
import { probeMedia, type MediaInfo } from "@/lib/media/probe";
import { item } from "@/lib/core/item";

export interface CutSource {
  /** Local path of the source video. */
  file: string;
  start: number;
  end: number;
}

/** Seconds decoded before a range's start: the keyframe seek lands before it, `trim` does the rest. */
const SEEK_MARGIN = 2;
export const CLIP_AUDIO_RATE = 48_000;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
const num = (n: number) => n.toFixed(6).replace(/\.?0+$/, "") || "0";

export interface CutPlan {
  args: string[];
  hasAudio: boolean;
}

/** The ffmpeg arguments for these ranges, given what each distinct source holds. */
export function planCut(sources: CutSource[], infos: Map<string, MediaInfo>, out: string): CutPlan {
  if (!sources.length) throw new Error("A clip needs at least one range");
  const first = infos.get(item(sources, 0).file)!.video!;
  const width = even(first.width);
  const height = even(first.height);
  const fps = first.fps > 0 && first.fps <= 120 ? first.fps : 25;
  const hasAudio = sources.some((s) => !!infos.get(s.file)?.audio);
  const args = ["-v", "error", "-y", "-nostdin"];
  const filters: string[] = [];
  const joined: string[] = [];
  let input = 0;
  sources.forEach((s, i) => {
    const seek = Math.max(0, s.start - SEEK_MARGIN);
    const offset = s.start - seek;
    const length = s.end - s.start;
    args.push("-ss", num(seek), "-t", num(offset + length + 0.5), "-i", s.file);
    const vIn = input++;
    filters.push(
      `[${vIn}:v:0]trim=start=${num(offset)}:duration=${num(length)},setpts=PTS-STARTPTS,` +
        `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${num(fps)},format=yuv420p[v${i}]`,
    );
    joined.push(`[v${i}]`);
    if (!hasAudio) return;
    if (infos.get(s.file)?.audio) {
      filters.push(
        `[${vIn}:a:0]atrim=start=${num(offset)}:duration=${num(length)},asetpts=PTS-STARTPTS,` +
          `aresample=${CLIP_AUDIO_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo[a${i}]`,
      );
    } else {
      args.push("-f", "lavfi", "-t", num(length), "-i", `anullsrc=r=${CLIP_AUDIO_RATE}:cl=stereo`);
      filters.push(`[${input++}:a:0]aformat=sample_fmts=fltp:channel_layouts=stereo[a${i}]`);
    }
    joined.push(`[a${i}]`);
  });
  filters.push(`${joined.join("")}concat=n=${sources.length}:v=1:a=${hasAudio ? 1 : 0}[v]${hasAudio ? "[a]" : ""}`);
  args.push("-filter_complex", filters.join(";"), "-map", "[v]");
  if (hasAudio) args.push("-map", "[a]", "-c:a", "aac", "-b:a", "128k");
  args.push("-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p", "-movflags", "+faststart", out);
  return { args, hasAudio };
}

/** Cuts and joins the ranges into `out` (an .mp4 path); the sources are probed once each. */
export async function cutClip(sources: CutSource[], out: string, signal?: AbortSignal): Promise<void> {
  const infos = new Map<string, MediaInfo>();
  for (const s of sources) {
    if (infos.has(s.file)) continue;
    const info = await probeMedia(s.file);
    if (!info.video) throw new Error("A source of the clip has no video stream");
    infos.set(s.file, info);
  }
  const { args } = planCut(sources, infos, out);
  await runTool(ffmpegPath(), args, { signal });
}
