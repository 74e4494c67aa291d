// Running ffmpeg/ffprobe (system binaries; FFMPEG_PATH / FFPROBE_PATH override).
import { spawn } from "node:child_process";
import { runSignal } from "@/lib/core/run-context";
import { env } from "@/lib/env";
import { item } from "@/lib/core/item";

export const ffmpegPath = () => env().FFMPEG_PATH;
export const ffprobePath = () => env().FFPROBE_PATH;

export class MediaToolError extends Error {}

/**
 * Runs a tool to completion (rejects with the tail of stderr on a non-zero exit): its stdout, its stderr (the last 32–64 KB) and, with `extraPipes`, what
 * it wrote to file descriptors 3, 4, … (ffmpeg: `pipe:3`), in that order.
 */
export function runTool(
  bin: string,
  args: string[],
  opts: { signal?: AbortSignal; extraPipes?: number } = {},
): Promise<{ stdout: Buffer; stderr: string; pipes: Buffer[] }> {
  return new Promise((resolve, reject) => {
    const extra = opts.extraPipes ?? 0;
    const stdio: ("ignore" | "pipe")[] = ["ignore", "pipe", "pipe", ...Array<"pipe">(extra).fill("pipe")];
    const child = spawn(bin, args, { stdio, signal: runSignal(opts.signal) });
    const out: Buffer[] = [];
    const pipes: Buffer[][] = Array.from({ length: extra }, () => []);
    let err = "";
    child.stdout!.on("data", (c: Buffer) => out.push(c));
    for (let i = 0; i < extra; i++) (child.stdio[3 + i] as NodeJS.ReadableStream).on("data", (c: Buffer) => item(pipes, i).push(c));
    child.stderr!.on("data", (c: Buffer) => {
      err += c.toString();
      if (err.length > 64_000) err = err.slice(-32_000);
    });
    child.on("error", (e) =>
      reject(new MediaToolError((e as NodeJS.ErrnoException).code === "ENOENT" ? `${bin} is not installed` : e.message)),
    );
    child.on("close", (code) => {
      if (code === 0) resolve({ stdout: Buffer.concat(out), stderr: err, pipes: pipes.map((p) => Buffer.concat(p)) });
      else reject(new MediaToolError(`${bin} exited with ${code}: ${err.trim().split("\n").slice(-3).join(" | ")}`));
    });
  });
}
