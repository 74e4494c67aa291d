// PocketSphinx decoder settings side by side: WER on the five LibriVox utterances and CPU on them
// looped to about 200 s, for each setting given, interleaved over rounds (the binary alone, with
// the product's model and word insertion penalty; the product's own setting is measured end to
// end by speech.ts). How `-maxhmmpf 5000` in lib/analysis/speech/pocketsphinx.ts was chosen.
//   bash bench/quality/fetch-media.sh
//   npx tsx bench/quality/pocketsphinx-flags.ts [--rounds=2] "" "-maxhmmpf 5000" "-fwdflat no -maxhmmpf 5000"
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { editDistance, media, normaliseWords, pct } from "./metrics";

const args = process.argv.slice(2);
const rounds = Number(args.find((a) => a.startsWith("--rounds="))?.split("=")[1] ?? 2);
const settings = args.filter((a) => !a.startsWith("--"));
if (!settings.length) settings.push("", "-maxhmmpf 5000");

const dir = media("usr/share/pocketsphinx/test/data/librivox");
const refs = new Map<string, string>();
for (const line of fs.readFileSync(path.join(dir, "transcription"), "utf8").split("\n")) {
  const m = /^<s> (.*) <\/s> \((.+)\)$/.exec(line.trim());
  if (m && fs.existsSync(path.join(dir, `${m[2]}.wav`))) refs.set(m[2]!, m[1]!);
}
const model = process.env.POCKETSPHINX_MODEL_DIR ?? "/usr/share/pocketsphinx/model/en-us";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "va-bench-psflags-"));
const once = path.join(work, "once.wav");
const looped = path.join(work, "looped.wav");
const inputs = [...refs.keys()].flatMap((id) => ["-i", path.join(dir, `${id}.wav`)]);
execFileSync("ffmpeg", ["-v", "error", "-y", ...inputs, "-filter_complex", `concat=n=${refs.size}:v=0:a=1`, "-ar", "16000", "-ac", "1", once]);
execFileSync("ffmpeg", ["-v", "error", "-y", "-stream_loop", "7", "-i", once, "-c", "copy", looped]);
const loopedSeconds = fs.statSync(looped).size / 32000;

/** The words PocketSphinx reads in `wav` with `extra`, and its CPU seconds. */
function recognise(wav: string, extra: string): { words: string[]; cpu: number } {
  const times = path.join(work, "time");
  const r = spawnSync(
    "/usr/bin/time",
    ["-f", "%U %S", "-o", times, "pocketsphinx_continuous", "-infile", wav, "-time", "yes", "-logfn", "/dev/null", "-wip", "0.2",
      "-hmm", path.join(model, "en-us"), "-lm", path.join(model, "en-us.lm.bin"), "-dict", path.join(model, "cmudict-en-us.dict"), ...extra.split(" ").filter(Boolean)],
    { encoding: "utf8", maxBuffer: 64 << 20 },
  );
  if (r.status !== 0) throw new Error(`pocketsphinx_continuous ${extra} exited with ${r.status}: ${r.stderr.slice(-300)}`);
  const [user, sys] = fs.readFileSync(times, "utf8").trim().split("\n").pop()!.split(" ").map(Number);
  const words = r.stdout.split("\n").flatMap((l) => {
    const m = /^(\S+) [\d.]+ [\d.]+ [\d.]+$/.exec(l.trim());
    return m && !/^(<.*>|\[.*\]|\+\+.*\+\+)$/.test(m[1]!) ? [m[1]!.replace(/\(\d+\)$/, "")] : [];
  });
  return { words, cpu: user! + sys! };
}

console.log(`PocketSphinx settings: WER on ${refs.size} LibriVox utterances, CPU on them looped to ${loopedSeconds.toFixed(0)} s; ${rounds} interleaved rounds; load ${os.loadavg()[0]!.toFixed(1)}`);
const cpu = new Map<string, number[]>(settings.map((s) => [s, []]));
const wer = new Map<string, string>();
for (let round = 0; round < rounds; round++) {
  for (const s of round % 2 ? [...settings].reverse() : settings) {
    if (!wer.has(s)) {
      let errors = 0;
      let words = 0;
      for (const [id, ref] of refs) {
        const want = normaliseWords(ref);
        errors += editDistance(want, normaliseWords(recognise(path.join(dir, `${id}.wav`), s).words.join(" ")));
        words += want.length;
      }
      wer.set(s, `${pct(errors / words)} (${errors}/${words})`);
    }
    cpu.get(s)!.push(recognise(looped, s).cpu);
  }
}
for (const s of settings) {
  const xs = cpu.get(s)!;
  console.log(`${(s || "(default)").padEnd(34)} WER ${wer.get(s)!.padEnd(14)} real-time factor ${xs.map((x) => (x / loopedSeconds).toFixed(3)).join(", ")}`);
}
fs.rmSync(work, { recursive: true, force: true });
