// CMU PocketSphinx (Debian `pocketsphinx` + `pocketsphinx-en-us`) as a child process: US English
// words with their times and posterior probabilities (`-time yes`), read as they are printed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { env } from "@/lib/env";

export interface RecognizedWord {
  word: string;
  start: number;
  end: number;
  /** The recogniser's posterior probability of the word, 0..1. */
  confidence: number;
}

export const POCKETSPHINX_METHOD = "pocketsphinx";
export const POCKETSPHINX_MODEL = "cmusphinx-en-us-ptm-5.2";
/** The only language of the packaged acoustic and language models. */
export const POCKETSPHINX_LANGUAGE = "en";

export const pocketsphinxPath = () => env().POCKETSPHINX_PATH;
const modelDir = () => env().POCKETSPHINX_MODEL_DIR;

function modelArgs(): string[] {
  const dir = modelDir();
  return ["-hmm", path.join(dir, "en-us"), "-lm", path.join(dir, "en-us.lm.bin"), "-dict", path.join(dir, "cmudict-en-us.dict")];
}

/** Why PocketSphinx cannot run here, or null when it can. */
export async function pocketsphinxUnavailableReason(): Promise<string | null> {
  const dir = modelDir();
  if (!fs.existsSync(path.join(dir, "en-us.lm.bin")) || !fs.existsSync(path.join(dir, "en-us"))) {
    return `the PocketSphinx US English model is not installed (apt-get install pocketsphinx-en-us; looked in ${dir})`;
  }
  return new Promise((resolve) => {
    const child = spawn(/* turbopackIgnore: true */ pocketsphinxPath(), ["-h"], { stdio: "ignore" });
    child.on("error", () => resolve(`${pocketsphinxPath()} is not installed (apt-get install pocketsphinx pocketsphinx-en-us)`));
    child.on("close", () => resolve(null));
  });
}

/**
 * Word insertion penalty 0.2 (default 0.65): 33.8% instead of 35.2% WER on the LibriVox bench.
 * At most 5,000 active HMMs per frame (default 30,000): the same words on the bench (WER 33.8%,
 * starts unchanged) for about 0.7× the CPU (rtf 0.146–0.161 against 0.209–0.236 on the utterances
 * looped to 198 s). Below 3,000 words start to go (2,000: 46.5%); skipping the second pass
 * (-fwdflat no) cost less CPU again but misread "consider how much" as "consider our watch".
 */
const TUNING = ["-wip", "0.2", "-maxhmmpf", "5000"];

const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;
/** Sentence marks, silence, fillers and noise: not words. */
const NOT_A_WORD = /^(<.*>|\[.*\]|\+\+.*\+\+)$/;

/** One `-time yes` word line, or null for hypothesis lines, fillers and silence. */
export function parseWordLine(line: string): RecognizedWord | null {
  const m = WORD_LINE.exec(line.trim());
  if (!m || NOT_A_WORD.test(m[1]!)) return null;
  // Alternative pronunciations are listed as word(2), word(3)…
  const word = m[1]!.replace(/\(\d+\)$/, "");
  return { word, start: Number(m[2]), end: Number(m[3]), confidence: Number(m[4]) };
}

/** Every word PocketSphinx hears in a 16 kHz mono 16-bit WAV; `onWord` sees them as they come. */
export function recognizeWords(
  wav: string,
  opts: { signal?: AbortSignal; onWord?: (w: RecognizedWord) => void } = {},
): Promise<RecognizedWord[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(/* turbopackIgnore: true */ pocketsphinxPath(), ["-infile", wav, "-time", "yes", "-logfn", "/dev/null", ...TUNING, ...modelArgs()], {
      stdio: ["ignore", "pipe", "pipe"],
      signal: opts.signal,
    });
    const words: RecognizedWord[] = [];
    let err = "";
    child.stderr.on("data", (c: Buffer) => void (err = (err + c.toString()).slice(-4000)));
    readline.createInterface({ input: child.stdout }).on("line", (line) => {
      const w = parseWordLine(line);
      if (!w) return;
      words.push(w);
      opts.onWord?.(w);
    });
    child.on("error", (e) =>
      reject(new Error((e as NodeJS.ErrnoException).code === "ENOENT" ? `${pocketsphinxPath()} is not installed` : e.message)),
    );
    child.on("close", (code) => {
      if (code === 0) resolve(words);
      else reject(new Error(`${pocketsphinxPath()} exited with ${code}: ${err.trim().split("\n").slice(-2).join(" | ")}`));
    });
  });
}
