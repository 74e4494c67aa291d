// Where the real-footage set's public media live (fetched by fetch-media.sh; REAL_MEDIA_DIR overrides).
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export type VideoName = "cockatoo" | "realshort" | "sintel";

const VIDEOS: Record<VideoName, string> = {
  cockatoo: "x/usr/lib/python3/dist-packages/imageio/resources/images/cockatoo.mp4",
  realshort: "x/usr/lib/python3/dist-packages/imageio/resources/images/realshort.mp4",
  sintel: "package/test/segments/sintel-captions.ts",
};
const PHOTOS = "x/usr/lib/python3/dist-packages/skimage/data";

export function mediaDir(): string {
  return process.env.REAL_MEDIA_DIR || path.join(import.meta.dirname, ".media");
}

/** A video by name, or a skimage photo by file name ("astronaut.png"). */
export function mediaFile(name: string): string {
  const rel = name in VIDEOS ? VIDEOS[name as VideoName] : path.join(PHOTOS, name);
  const file = path.join(mediaDir(), rel);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run sh bench/scenes/fetch-media.sh (or set REAL_MEDIA_DIR)`);
  return file;
}

const sizes = new Map<string, { width: number; height: number }>();
export async function photoSize(file: string): Promise<{ width: number; height: number }> {
  let s = sizes.get(file);
  if (!s) {
    const { stdout } = await run(process.env.FFPROBE_PATH || "ffprobe", ["-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", file]);
    const [width, height] = stdout.trim().split(",").map(Number);
    s = { width: width!, height: height! };
    sizes.set(file, s);
  }
  return s!;
}
