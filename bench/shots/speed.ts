// The shot bench's speed line: shot detection alone (decodeFrameFeatures + detectShots, ffprobe
// included) against the plain decode `ffmpeg -i clip -map 0:v:0 -f null -` of the same file, in
// interleaved rounds that alternate which goes first (so a busy moment of the machine weighs on
// both alike), wall and CPU time (children included), medians plus every round's ratio.
// By default on the real-footage 2-minute 1080p30 clip of bench/pipeline (the synthetic 31 s
// lavfi clip decodes faster than real footage and flattered the ratio).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { detectShots } from "@/lib/analysis/shots";
import { decodeFrameFeatures } from "@/lib/media/decode-frames";
import { median } from "../median";

/** CPU seconds used by waited-for child processes (Linux: cutime+cstime of /proc/self/stat). */
export function childCpuSeconds(): number {
  try {
    const fields = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
}

async function timeIt(fn: () => Promise<unknown>): Promise<{ ms: number; cpu: number }> {
  const c0 = process.cpuUsage();
  const k0 = childCpuSeconds();
  const t0 = performance.now();
  await fn();
  const c1 = process.cpuUsage(c0);
  return { ms: performance.now() - t0, cpu: (c1.user + c1.system) / 1e6 + childCpuSeconds() - k0 };
}

export function decodeOnly(file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.env.FFMPEG_PATH || "ffmpeg", ["-v", "error", "-nostdin", "-i", file, "-map", "0:v:0", "-f", "null", "-"], { stdio: "ignore" });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg decode exited with ${code}`))));
  });
}

export async function speedLines(file: string, label: string, reps: number, log: (m: string) => void): Promise<string[]> {
  log(`Speed on ${label} (${reps} interleaved rounds)…`);
  const base: { ms: number; cpu: number }[] = [];
  const mine: { ms: number; cpu: number }[] = [];
  let frames = 0;
  await decodeOnly(file); // warm the page cache
  for (let i = 0; i < reps; i++) {
    const b = () => timeIt(() => decodeOnly(file)).then((r) => void base.push(r));
    const m = () =>
      timeIt(async () => {
        const d = await decodeFrameFeatures(file);
        frames = d.frames.length;
        detectShots(d.frames, { fps: d.fps, duration: d.duration });
      }).then((r) => void mine.push(r));
    if (i % 2 === 0) {
      await b();
      await m();
    } else {
      await m();
      await b();
    }
    log(`  round ${i + 1}: decode-only ${(base[i]!.ms / 1000).toFixed(2)} s, ours ${(mine[i]!.ms / 1000).toFixed(2)} s`);
  }
  const [mb, mm] = [median(base.map((r) => r.ms)), median(mine.map((r) => r.ms))];
  const [cb, cm] = [median(base.map((r) => r.cpu)), median(mine.map((r) => r.cpu))];
  const size = (fs.statSync(file).size / 1e6).toFixed(1);
  return [
    "",
    `Speed, ${label} (${frames} frames, H.264 ${size} MB), median of ${reps} interleaved rounds, ${os.cpus().length} cores:`,
    `                                                     wall      fps   CPU`,
    `  ffmpeg -i clip -map 0:v:0 -f null - (decode only)  ${(mb! / 1000).toFixed(2)} s  ${((frames / mb!) * 1000).toFixed(0).padStart(5)}  ${cb!.toFixed(2)} s`,
    `  decodeFrameFeatures + detectShots                  ${(mm! / 1000).toFixed(2)} s  ${((frames / mm!) * 1000).toFixed(0).padStart(5)}  ${cm!.toFixed(2)} s`,
    `  speed ratio (decode-only / ours): ${(mb! / mm!).toFixed(2)}× wall, ${(cb! / cm!).toFixed(2)}× CPU; per round (wall): ${base.map((b, i) => (b.ms / mine[i]!.ms).toFixed(2)).join(", ")}; target ≥ 0.85×`,
  ];
}
