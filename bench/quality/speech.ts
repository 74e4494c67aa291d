// Offline speech-to-text quality: word error rate on the LibriVox utterances of Debian
// pocketsphinx-testdata, utterance start times on a file of all of them with pauses between,
// and the real-time factor (CPU seconds per audio second; PocketSphinx is single-threaded).
//   bash bench/quality/fetch-media.sh && npx tsx bench/quality/speech.ts
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { transcribeOffline } from "@/lib/analysis/speech";
import { onnxHost } from "@/lib/ai/onnx-host";
import { cpuSeconds, editDistance, media, normaliseWords, pct } from "./metrics";

const dir = media("usr/share/pocketsphinx/test/data/librivox");
const refs = new Map<string, string>();
for (const line of fs.readFileSync(path.join(dir, "transcription"), "utf8").split("\n")) {
  const m = /^<s> (.*) <\/s> \((.+)\)$/.exec(line.trim());
  if (m) refs.set(m[2]!, m[1]!);
}
const files = [...refs.keys()].filter((id) => fs.existsSync(path.join(dir, `${id}.wav`)));
const work = fs.mkdtempSync(path.join(os.tmpdir(), "va-bench-speech-"));
const seconds = (f: string) => fs.statSync(f).size / 32000;

console.log(`Speech: ${files.length} LibriVox utterances (pocketsphinx-testdata), Silero VAD + PocketSphinx en-us\n`);
let errors = 0;
let refWords = 0;
let audio = 0;
// The VAD runs in the ONNX models' process: start it first so that its CPU time is read from the start.
await transcribeOffline(path.join(dir, `${files[0]}.wav`));
const c0 = cpuSeconds(onnxHost.pid());
for (const id of files) {
  const wav = path.join(dir, `${id}.wav`);
  const r = await transcribeOffline(wav);
  const hyp = normaliseWords(r.utterances.map((u) => u.text).join(" "));
  const ref = normaliseWords(refs.get(id)!);
  const e = editDistance(ref, hyp);
  errors += e;
  refWords += ref.length;
  audio += seconds(wav);
  console.log(`${id}  WER ${pct(e / ref.length).padStart(6)}  "${hyp.join(" ")}"${r.notes.length ? `  notes: ${r.notes.join("; ")}` : ""}`);
}
const c1 = cpuSeconds(onnxHost.pid());
const vadCpu = c1.self - c0.self + (c1.live - c0.live);
const cpu = vadCpu + (c1.children - c0.children);
console.log(`\nWER ${pct(errors / refWords)} (${errors} errors / ${refWords} reference words; mr→mister etc. written out, case and punctuation ignored)`);
console.log(`real-time factor ${(cpu / audio).toFixed(2)} (CPU ${cpu.toFixed(1)} s: VAD ${vadCpu.toFixed(1)} s (this process + the ONNX models' process) + PocketSphinx ${(c1.children - c0.children).toFixed(1)} s, for ${audio.toFixed(1)} s of audio; load average ${os.loadavg()[0]!.toFixed(1)})`);

// Start times: all utterances in one file, each after 2.5 s of room tone (quiet noise).
const gap = 2.5;
const inputs: string[] = [];
const truth: number[] = [];
let t = 0;
for (const id of files) {
  t += gap;
  truth.push(t);
  inputs.push("-f", "lavfi", "-t", String(gap), "-i", "anoisesrc=r=16000:a=0.003:c=pink", "-i", path.join(dir, `${id}.wav`));
  t += seconds(path.join(dir, `${id}.wav`));
}
const joined = path.join(work, "joined.wav");
execFileSync("ffmpeg", ["-v", "error", "-y", ...inputs, "-filter_complex", `concat=n=${files.length * 2}:v=0:a=1`, "-ar", "16000", "-ac", "1", "-c:a", "pcm_s16le", joined]);
const r = await transcribeOffline(joined);
let within = 0;
const rows = truth.map((s) => {
  const u = r.utterances.reduce((best, x) => (Math.abs(x.start - s) < Math.abs(best.start - s) ? x : best), r.utterances[0]!);
  const d = u ? u.start - s : NaN;
  if (Math.abs(d) <= 1) within++;
  return `${s.toFixed(2)}→${u ? u.start.toFixed(2) : "none"} (${d >= 0 ? "+" : ""}${d.toFixed(2)} s)`;
});
console.log(`\nUtterance starts within ±1 s: ${within} of ${truth.length}; utterances found ${r.utterances.length}`);
console.log(`  true→found: ${rows.join(", ")}`);
fs.rmSync(work, { recursive: true, force: true });
