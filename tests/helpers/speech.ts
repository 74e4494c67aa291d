// Real speech for tests: LibriVox read speech shipped by Debian's pocketsphinx-testdata (installed
// by .ci/run), muxed with ffmpeg into small videos with known utterance start times.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const LIBRIVOX = "/usr/share/pocketsphinx/test/data/librivox";
/**
 * Quiet room tone under the speech, the same samples every time (anoisesrc seeds itself at random
 * otherwise): PocketSphinx reads a word a little differently with other noise under it, and a
 * test's clip must not change from run to run (the chunk-border test failed one CI run in a few on it).
 */
export const ROOM_TONE = "anoisesrc=r=16000:a=0.002:c=pink:seed=1";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-speech-"));

export function librivox(id: string): string {
  const f = path.join(LIBRIVOX, `sense_and_sensibility_01_austen_64kb-${id}.wav`);
  if (!fs.existsSync(f)) throw new Error(`${f} is missing: apt-get install pocketsphinx-testdata (see .ci/run)`);
  return f;
}

/**
 * A video (blue picture) whose audio is `parts` in order: a number is that many seconds of quiet
 * room tone, a string a WAV file. Options: reverse the audio (speech in no language the
 * recogniser knows), tag the audio track with a language. Returns the file and the start time of each WAV.
 */
export function speechVideo(name: string, parts: (number | string)[], opts: { reverse?: boolean; language?: string } = {}): { file: string; starts: number[] } {
  const out = path.join(dir, `${name}.mp4`);
  const inputs: string[] = [];
  const starts: number[] = [];
  let t = 0;
  for (const p of parts) {
    if (typeof p === "number") {
      inputs.push("-f", "lavfi", "-t", String(p), "-i", ROOM_TONE);
      t += p;
    } else {
      inputs.push("-i", p);
      starts.push(t);
      t += fs.statSync(p).size / 32000;
    }
  }
  const n = parts.length;
  const chain = `${Array.from({ length: n }, (_, i) => `[${i}:a]`).join("")}concat=n=${n}:v=0:a=1${opts.reverse ? ",areverse" : ""}[a]`;
  execFileSync("ffmpeg", [
    "-v", "error", "-y", ...inputs,
    "-f", "lavfi", "-t", t.toFixed(2), "-i", "color=c=blue:s=160x90:r=10",
    "-filter_complex", chain, "-map", `${n}:v`, "-map", "[a]",
    ...(opts.language ? ["-metadata:s:a:0", `language=${opts.language}`] : []),
    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-ar", "16000", out,
  ]);
  return { file: out, starts };
}
