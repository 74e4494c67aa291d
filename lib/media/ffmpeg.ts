// Running ffmpeg/ffprobe (system binaries; FFMPEG_PATH / FFPROBE_PATH override).
import { spawn } from "node:child_process";
import { runSignal } from "@/lib/server/run-context";

export const ffmpegPath = () => process.env.FFMPEG_PATH || "ffmpeg";
export const ffprobePath = () => process.env.FFPROBE_PATH || "ffprobe";

export class MediaToolError extends Error {}

/** Runs a tool to completion; rejects with the tail of stderr on a non-zero exit. */
export function runTool(bin: string, args: string[], opts: { signal?: AbortSignal } = {}): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"], signal: runSignal(opts.signal) });
    const out: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => {
      err += c.toString();
      if (err.length > 64_000) err = err.slice(-32_000);
    });
    child.on("error", (e) =>
      reject(new MediaToolError((e as NodeJS.ErrnoException).code === "ENOENT" ? `${bin} is not installed` : e.message)),
    );
    child.on("close", (code) => {
      if (code === 0) resolve({ stdout: Buffer.concat(out), stderr: err });
      else reject(new MediaToolError(`${bin} exited with ${code}: ${err.trim().split("\n").slice(-3).join(" | ")}`));
    });
  });
}
