// ffprobe of the stream the decode pass reads: nominal frame rate, source size and duration of the
// first video stream that is not cover art.
import { ffprobePath, MediaToolError, runTool } from "./ffmpeg";

export interface StreamProbe {
  fps: number;
  width: number;
  height: number;
  duration: number;
}

function parseRate(r: unknown): number {
  if (typeof r !== "string" || !r) return 0;
  const [n, d] = r.split("/").map(Number);
  const v = d ? n! / d : n!;
  return Number.isFinite(v) && v > 0 && v < 1000 ? v : 0;
}

export async function probeStream(file: string, signal?: AbortSignal): Promise<StreamProbe> {
  const { stdout } = await runTool(
    ffprobePath(),
    [
      "-v", "error", "-select_streams", "V", "-print_format", "json",
      "-show_entries", "stream=width,height,avg_frame_rate,r_frame_rate,duration:stream_disposition=attached_pic:format=duration",
      file,
    ],
    { signal },
  );
  const info = JSON.parse(stdout.toString()) as {
    streams?: (Record<string, string | number | undefined> & { disposition?: { attached_pic?: number } })[];
    format?: { duration?: string };
  };
  // Cover art is a "video" stream of one picture: "V" skips it, and so does this.
  const s = info.streams?.find((x) => !x.disposition?.attached_pic);
  if (!s) throw new MediaToolError("File has no video stream");
  return {
    fps: parseRate(s.avg_frame_rate) || parseRate(s.r_frame_rate),
    width: Number(s.width) || 0,
    height: Number(s.height) || 0,
    duration: Number(info.format?.duration ?? s.duration) || 0,
  };
}
