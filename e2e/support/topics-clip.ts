// A clip whose subtitles talk about several unrelated things, for the offline summary and chat.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Six cues, each about something else, 3 s apart. */
export const TOPIC_SUBTITLES = [
  { start: 0.3, end: 2.7, text: "My car broke down, so the mechanic replaced the clutch and the brakes." },
  { start: 3.3, end: 5.7, text: "At the doctor's appointment she listened to my lungs and prescribed antibiotics." },
  { start: 6.3, end: 8.7, text: "We baked a chocolate birthday cake with twelve candles for my niece." },
  { start: 9.3, end: 11.7, text: "The football match ended two nil after a late penalty." },
  { start: 12.3, end: 14.7, text: "Tomorrow the weather turns cold with heavy snow in the mountains." },
  { start: 15.3, end: 17.7, text: "The library is closed on Sundays during the winter holidays." },
] as const;

const srtTime = (s: number) => `00:00:${String(Math.floor(s)).padStart(2, "0")},${String(Math.round((s % 1) * 1000)).padStart(3, "0")}`;

/** 18 s of a grey picture and a quiet tone with TOPIC_SUBTITLES as a mov_text track. Returns the file's path. */
export function makeTopicsClip(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-e2e-topics-"));
  const out = path.join(dir, `${name}.mp4`);
  const srt = path.join(dir, "subs.srt");
  fs.writeFileSync(srt, TOPIC_SUBTITLES.map((s, i) => `${i + 1}\n${srtTime(s.start)} --> ${srtTime(s.end)}\n${s.text}\n`).join("\n"));
  execFileSync("ffmpeg", [
    "-v", "error", "-y",
    "-f", "lavfi", "-i", "color=c=gray:s=320x180:r=25:d=18",
    "-f", "lavfi", "-i", "sine=frequency=330:sample_rate=44100:duration=18",
    "-i", srt,
    "-map", "0:v", "-map", "1:a", "-map", "2:s",
    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "25", "-c:a", "aac", "-c:s", "mov_text",
    out,
  ]);
  return out;
}
