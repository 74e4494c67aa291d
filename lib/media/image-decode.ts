// An image file (a keyframe JPEG, a photo) decoded by ffmpeg into one or more raw images, each its
// own filter (size) and pixel format, from a single decode in a single process: the per-keyframe
// reads (text gate, labels, colours) need three sizes of the same still, and an ffmpeg start costs
// more CPU than decoding a 960 px JPEG.

export interface ImageOutput {
  /** The filter chain from the decoded image to this output (e.g. `scale=96:54:flags=area`). */
  filter: string;
  pixFmt: "rgb24" | "yuv444p" | "rgba";
}

export interface DecodedImage {
  /** Packed rgb24 or planar yuv444p (Y, then Cb, then Cr): width × height × 3 bytes; rgba: × 4. */
  data: Uint8Array;
  width: number;
  height: number;
}

import { ffmpegPath, runTool } from "./ffmpeg";
import { item } from "@/lib/core/item";

/** The first frame of `file` through each output's filter, in the order given. */
export async function decodeImage(file: string, outputs: readonly ImageOutput[], signal?: AbortSignal): Promise<DecodedImage[]> {
  const n = outputs.length;
  if (!n) return [];
  // Each branch ends in a named showinfo, whose `s:WxH` gives the branch's size; the pixel format
  // is converted at the output, as a single-output `-vf` run would.
  const heads = n === 1 ? "[0:v:0]null[b0]" : `[0:v:0]split=${n}${outputs.map((_, i) => `[b${i}]`).join("")}`;
  const graph = [heads, ...outputs.map((o, i) => `[b${i}]${o.filter},showinfo@img${i}[o${i}]`)].join(";");
  const args = ["-hide_banner", "-nostdin", "-nostats", "-v", "info", "-i", file, "-filter_complex", graph];
  outputs.forEach((o, i) => args.push("-map", `[o${i}]`, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt", o.pixFmt, i === 0 ? "pipe:1" : `pipe:${i + 2}`));
  const { stdout, stderr, pipes } = await runTool(ffmpegPath(), args, { signal, extraPipes: n - 1 });
  return outputs.map((o, i) => {
    const m = new RegExp(`\\[showinfo@img${i} [^\\n]*?\\bs:(\\d+)x(\\d+)`).exec(stderr);
    const buf = i === 0 ? stdout : item(pipes, i - 1);
    if (!m) throw new Error(`Could not decode ${file}`);
    const width = Number(m[1]);
    const height = Number(m[2]);
    const bytes = width * height * (o.pixFmt === "rgba" ? 4 : 3);
    if (buf.length < bytes) throw new Error(`Could not decode ${file}`);
    return { data: new Uint8Array(buf.buffer, buf.byteOffset, bytes), width, height };
  });
}
