// ffprobe: what a media file holds (duration, size, streams, subtitle tracks).
import { ffprobePath, MediaToolError, runTool } from "./ffmpeg";

export interface MediaInfo {
  duration: number;
  size: number;
  formatName: string;
  video: { codec: string; width: number; height: number; fps: number; frames: number | null } | null;
  audio: { codec: string; sampleRate: number; channels: number; language?: string | null } | null;
  subtitles: { index: number; codec: string; language: string | null }[];
}

function rate(r: string | undefined): number {
  if (!r) return 0;
  const [n, d] = r.split("/").map(Number);
  return d ? n! / d : n || 0;
}

// The fields of an ffprobe stream read here (ffprobe prints numbers as strings in places).
type FfprobeStream = {
  codec_type?: string;
  codec_name: string;
  width?: number;
  height?: number;
  duration?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  nb_frames?: string;
  sample_rate?: string;
  channels?: number;
  disposition?: { attached_pic?: number };
  tags?: { language?: string };
};

export async function probeMedia(file: string): Promise<MediaInfo> {
  const { stdout } = await runTool(ffprobePath(), [
    "-v", "error", "-print_format", "json", "-show_format", "-show_streams", file,
  ]);
  const info = JSON.parse(stdout.toString()) as {
    format?: { duration?: string; size?: string; format_name?: string };
    streams?: FfprobeStream[];
  };
  const streams = info.streams ?? [];
  const v = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  const a = streams.find((s) => s.codec_type === "audio");
  const duration = Number(info.format?.duration ?? v?.duration ?? 0) || 0;
  return {
    duration,
    size: Number(info.format?.size ?? 0) || 0,
    formatName: info.format?.format_name ?? "",
    video: v
      ? {
          codec: v.codec_name,
          width: Number(v.width) || 0,
          height: Number(v.height) || 0,
          fps: rate(v.avg_frame_rate) || rate(v.r_frame_rate),
          frames: v.nb_frames ? Number(v.nb_frames) : null,
        }
      : null,
    audio: a
      ? { codec: a.codec_name, sampleRate: Number(a.sample_rate) || 0, channels: Number(a.channels) || 0, language: a.tags?.language ?? null }
      : null,
    subtitles: streams
      .filter((s) => s.codec_type === "subtitle")
      .map((s, i) => ({ index: i, codec: s.codec_name, language: s.tags?.language ?? null })),
  };
}

/** Probes a file that should be a video: null when it is not a decodable video. */
export async function probeVideo(file: string): Promise<MediaInfo | null> {
  try {
    const info = await probeMedia(file);
    return info.video && info.video.width > 0 && info.duration > 0 ? info : null;
  } catch (err) {
    if (err instanceof MediaToolError && /not installed/.test(err.message)) throw err;
    return null;
  }
}
