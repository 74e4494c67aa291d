// A clip whose subtitles talk about six things in words that questions about them do not repeat
// ("a train" → "the overnight express … the locomotive"), with two people seen in its first shots
// (real photos Human ships in node_modules: the man, the woman, the man again), for chat's answers.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Six cues, 3 s apart. */
export const SAID_SUBTITLES = [
  { start: 0.3, end: 2.7, text: "We boarded the overnight express at the central station, and the locomotive pulled out at midnight." },
  { start: 3.3, end: 5.7, text: "The thunderstorm knocked out power across the whole valley for two days." },
  { start: 6.3, end: 8.7, text: "The football match ended two nil after a late penalty." },
  { start: 9.3, end: 11.7, text: "At the doctor's appointment she listened to my lungs and prescribed antibiotics." },
  { start: 12.3, end: 14.7, text: "We baked a chocolate birthday cake with twelve candles for my niece." },
  { start: 15.3, end: 17.7, text: "The library is closed on Sundays during the winter holidays." },
] as const;

const srtTime = (s: number) => `00:00:${String(Math.floor(s)).padStart(2, "0")},${String(Math.round((s % 1) * 1000)).padStart(3, "0")}`;

/** 18 s: 0–2 s the man, 2–4 s the woman, 4–6 s the man again, then grey; a quiet tone; SAID_SUBTITLES as a mov_text track. */
export function makeSaidTopicsClip(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-e2e-said-"));
  const out = path.join(dir, `${name}.mp4`);
  const srt = path.join(dir, "subs.srt");
  fs.writeFileSync(srt, SAID_SUBTITLES.map((s, i) => `${i + 1}\n${srtTime(s.start)} --> ${srtTime(s.end)}\n${s.text}\n`).join("\n"));
  const src = path.join(process.cwd(), "node_modules/@vladmandic/human/assets/screenshot-facedetect.jpg");
  const shot = (crop: string, extra = "") => `crop=${crop},scale=-2:360${extra},pad=640:360:(ow-iw)/2:0:gray,setsar=1,fps=25,format=yuv420p`;
  execFileSync("ffmpeg", [
    "-v", "error", "-y",
    "-loop", "1", "-t", "2", "-i", src, "-loop", "1", "-t", "2", "-i", src, "-loop", "1", "-t", "2", "-i", src,
    "-f", "lavfi", "-i", "color=c=gray:s=640x360:r=25:d=12",
    "-f", "lavfi", "-i", "sine=frequency=330:sample_rate=44100:duration=18",
    "-i", srt,
    "-filter_complex",
    `[0]${shot("160:160:0:340")}[a];[1]${shot("160:160:160:340")}[b];[2]${shot("130:130:15:345", ",hflip")}[c];[3]setsar=1,format=yuv420p[d];[a][b][c][d]concat=n=4:v=1:a=0[v]`,
    "-map", "[v]", "-map", "4:a", "-map", "5:s",
    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "25", "-c:a", "aac", "-c:s", "mov_text",
    out,
  ]);
  return out;
}
