// How long a chunk's speech lead must be (lib/pipeline/chunks/range-media.ts, SPEECH_LEAD): the
// 10-min clip's audio transcribed whole and, for each lead, chunk by chunk as a chunked run hears
// it (its speech range from the plan, `lead` seconds of audio before it, the words in the lead
// dropped), one after another on this process. Prints for each: WER against the LibriVox text
// the clip loops, WER against the unsplit transcript, words, and the CPU seconds of the
// transcription (this process and its finished children: ffmpeg, PocketSphinx; not the VAD, which
// runs in the ONNX models' process).
//   npx tsx --conditions=react-server bench/pipeline/speech-lead.ts [--seconds=600] [--chunk=60] [--leads=0,1,2,5] [--grid] [--media=DIR]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildClip } from "./clips";
import { benchMedia, librivoxTruth } from "./media";
import { cpuSeconds as processCpu, wordErrorRate } from "../quality/metrics";

/** CPU seconds of this process and of the children it has waited for (ffmpeg, PocketSphinx). */
const cpuSeconds = () => {
  const c = processCpu();
  return c.self + c.children;
};

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const SECONDS = Number(option("seconds") ?? 600);
const CHUNK = Number(option("chunk") ?? 60);
const LEADS = (option("leads") ?? "0,1,2,5").split(",").map(Number);
/** `--grid`: each chunk's audio starts on the frame grid, as a chunked run's does (without: where the lead puts it). */
const GRID = args.includes("--grid");

interface Word {
  word: string;
  start: number;
  end: number;
}

async function main() {
  const { probeMedia } = await import("@/lib/media/probe");
  const { planChunks } = await import("@/lib/pipeline/chunks/plan");
  const { transcribeOffline } = await import("@/lib/analysis/speech");
  const { ffmpegPath, runTool } = await import("@/lib/media/ffmpeg");
  const { speechAudioStart } = await import("@/lib/pipeline/chunks/range-media");
  const root = path.dirname(new URL(import.meta.url).pathname);
  const clip = buildClip(option("dir") ?? path.join(os.tmpdir(), "pipeline-bench"), benchMedia(root, option("media")), SECONDS, console.log);
  const truth = librivoxTruth(root, option("media"));
  const media = await probeMedia(clip);
  const plan = await planChunks(clip, media, CHUNK, { slots: 2 });
  if (!plan) throw new Error(`${clip} does not split at ${CHUNK} s`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "speech-lead-"));

  /** The words heard in [from, to) of the clip's audio (to: null = the end), on the clip's clock. */
  const hear = async (from: number, to: number | null, name: string): Promise<Word[]> => {
    const wav = path.join(work, `${name}.wav`);
    const length = to === null ? [] : ["-t", (to - from).toFixed(3)];
    await runTool(ffmpegPath(), ["-v", "error", "-y", "-ss", from.toFixed(3), ...length, "-i", clip, "-vn", "-ac", "1", "-ar", "16000", "-f", "wav", wav]);
    const t = await transcribeOffline(wav);
    fs.rmSync(wav);
    return t.utterances.flatMap((u) => u.words.map((w) => ({ word: w.word, start: w.start + from, end: w.end + from })));
  };
  const loops = Math.floor(SECONDS / truth.seconds);
  const said = Array.from({ length: loops }, () => truth.words).flat();
  const truthWer = (words: Word[]) => wordErrorRate(said, words.filter((w) => w.start < loops * truth.seconds - 0.3).map((w) => w.word));

  const measure = async (fn: () => Promise<Word[]>) => {
    const before = cpuSeconds();
    const words = await fn();
    return { words, cpu: cpuSeconds() - before };
  };
  const whole = await measure(() => hear(0, null, "whole"));
  const lines = [
    `${path.basename(clip)}, ${plan.length} chunks of ${CHUNK} s; ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`,
    `unsplit: WER against the LibriVox text ${(truthWer(whole.words) * 100).toFixed(1)} %, ${whole.words.length} words, CPU ${whole.cpu.toFixed(1)} s`,
  ];
  console.log(lines[1]);
  for (const lead of LEADS) {
    const parts = await measure(async () => {
      const out: Word[] = [];
      for (const c of plan) {
        const from = GRID ? speechAudioStart(c.speechStart, lead) : Math.max(0, c.speechStart - lead);
        const heard = await hear(from, c.idx === plan.length - 1 ? null : c.speechEnd, `lead${lead}-${c.idx}`);
        // As withoutLead: a word is the chunk's when its middle is in its speech range.
        out.push(...heard.filter((w) => (w.start + w.end) / 2 >= c.speechStart));
      }
      return out;
    });
    const line =
      `lead ${lead} s: WER against the LibriVox text ${(truthWer(parts.words) * 100).toFixed(1)} % ` +
      `(${((truthWer(parts.words) - truthWer(whole.words)) * 100).toFixed(1)} points), against unsplit ${(wordErrorRate(whole.words.map((w) => w.word), parts.words.map((w) => w.word)) * 100).toFixed(1)} %, ` +
      `${parts.words.length} words, CPU ${parts.cpu.toFixed(1)} s (${((parts.cpu / whole.cpu - 1) * 100).toFixed(1)} % against unsplit)`;
    console.log(line);
    lines.push(line);
  }
  fs.rmSync(work, { recursive: true, force: true });
  console.log(`\n${lines.join("\n")}`);
}

void main();
