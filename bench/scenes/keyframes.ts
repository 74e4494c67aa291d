// Keyframe images for the bench, read the way SharedMedia.keyframe does (seek after -i: exact).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { KeyframeImageSource } from "@/lib/analysis/scenes/keyframe-source";

const run = promisify(execFile);

export function fileKeyframeSource(file: string, w = 96, h = 54): KeyframeImageSource {
  return async (time) => {
    const fast = Math.max(0, time - 2);
    const { stdout } = await run(
      process.env.FFMPEG_PATH || "ffmpeg",
      ["-v", "error", "-ss", fast.toFixed(3), "-i", file, "-ss", (time - fast).toFixed(3), "-frames:v", "1",
        "-vf", `scale=${w}:${h}:flags=area`, "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"],
      { encoding: "buffer", maxBuffer: 1 << 24 },
    );
    if (stdout.length < w * h * 3) return null;
    return { rgb: new Uint8Array(stdout.buffer, stdout.byteOffset, w * h * 3), width: w, height: h };
  };
}
