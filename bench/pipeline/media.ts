// Real media for bench/pipeline, from Debian packages (never committed): imageio's cockatoo.mp4,
// scikit-image's photographs and pocketsphinx's LibriVox test utterances. Uses `--media=DIR` (a
// folder where those packages are already extracted, e.g. /work/media/x) or fetches them once with
// `apt-get download` + `dpkg -x` into bench/pipeline/.media (gitignored).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export interface MediaPaths {
  cockatoo: string;
  photos: string;
  /** All LibriVox utterances joined into one WAV. */
  speech: string;
}

const PACKAGES = ["python3-imageio", "python3-skimage", "pocketsphinx-testdata"];
const COCKATOO = "usr/lib/python3/dist-packages/imageio/resources/images/cockatoo.mp4";
const PHOTOS = "usr/lib/python3/dist-packages/skimage/data";
const LIBRIVOX = "usr/share/pocketsphinx/test/data/librivox";

export function benchMedia(root: string, given?: string): MediaPaths {
  const dir = given ?? path.join(root, ".media");
  if (!fs.existsSync(path.join(dir, COCKATOO)) || !fs.existsSync(path.join(dir, LIBRIVOX))) {
    fs.mkdirSync(dir, { recursive: true });
    const debs = path.join(dir, "debs");
    fs.mkdirSync(debs, { recursive: true });
    execFileSync("apt-get", ["download", ...PACKAGES], { cwd: debs, stdio: "inherit" });
    for (const deb of fs.readdirSync(debs).filter((f) => f.endsWith(".deb"))) execFileSync("dpkg", ["-x", path.join(debs, deb), dir]);
  }
  const speech = path.join(root, ".media", "librivox.wav");
  if (!fs.existsSync(speech)) {
    fs.mkdirSync(path.dirname(speech), { recursive: true });
    const wavs = fs.readdirSync(path.join(dir, LIBRIVOX)).filter((f) => f.endsWith(".wav")).sort();
    const list = `${speech}.txt`;
    fs.writeFileSync(list, wavs.map((w) => `file '${path.join(dir, LIBRIVOX, w)}'`).join("\n") + "\n");
    execFileSync(process.env.FFMPEG_PATH || "ffmpeg", ["-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", list, "-ac", "1", "-ar", "16000", speech]);
  }
  return { cockatoo: path.join(dir, COCKATOO), photos: path.join(dir, PHOTOS), speech };
}

/**
 * What is said in `MediaPaths.speech` (the LibriVox utterances' reference text, joined in the same
 * order) and how long it is: a clip's audio loops it, so its truth is this, repeated.
 */
export function librivoxTruth(root: string, given?: string): { words: string[]; seconds: number } {
  const dir = path.join(given ?? path.join(root, ".media"), LIBRIVOX);
  const text = new Map<string, string[]>();
  for (const line of fs.readFileSync(path.join(dir, "transcription"), "utf8").split("\n")) {
    const m = /^<s> (.*) <\/s> \((.*)\)$/.exec(line.trim());
    if (m) text.set(m[2]!, m[1]!.split(" "));
  }
  const wavs = fs.readdirSync(dir).filter((f) => f.endsWith(".wav")).sort();
  const words = wavs.flatMap((w) => text.get(w.replace(/\.wav$/, "")) ?? []);
  const probed = execFileSync(process.env.FFPROBE_PATH || "ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", benchMedia(root, given).speech]);
  return { words, seconds: Number(probed.toString().trim()) };
}
