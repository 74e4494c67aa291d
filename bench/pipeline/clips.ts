// Real-footage 1080p30 H.264 clips for bench/pipeline (and the speed line of bench/shots):
// shots cut from imageio's cockatoo.mp4 (real camera footage, upscaled, cropped and zoomed) and
// from scikit-image's photographs (astronaut, coffee, chelsea, motorcycle, a scanned page, …) with
// slow zooms and pans, light sensor-like grain, some with a caption drawn on (text for OCR), and
// LibriVox speech as the audio track. Each shot is encoded once (libx264, ~10 Mbit/s, GOP 2 s) and
// clips are stream-copied concatenations of shots in a seeded order, so a 10-minute clip costs
// only its unique shots to build. Everything is cached in `dir`; media come from media.ts.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { type MediaPaths } from "./media";

const FPS = 30;
const W = 1920;
const H = 1080;
const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";
/** Bump when the recipe changes (cached files are rebuilt). */
const RECIPE = "v1";

const PHOTOS = ["astronaut.png", "coffee.png", "chelsea.png", "motorcycle_left.png", "page.png", "hubble_deep_field.jpg", "grass.png", "brick.png", "camera.png", "logo.png", "text.png", "color.png"];
const CAPTIONS = ["Chapter One", "Harbour Street 12", "Open daily 9-17", "Field notes", "Weather report", "Station Road", "The morning market", "Interview"];

interface ShotRecipe {
  id: string;
  seconds: number;
  filter: string;
  input: string[];
}

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The unique shots (~70 s): half from the cockatoo footage, half from photos; 3–7 s each. */
function shotRecipes(media: MediaPaths, count = 14): ShotRecipe[] {
  const r = rng(7);
  const out: ShotRecipe[] = [];
  for (let i = 0; i < count; i++) {
    const seconds = Math.round((3 + r() * 4) * 10) / 10;
    const zoom0 = 1.05 + r() * 0.3;
    const zoom1 = Math.max(1.02, zoom0 + (r() - 0.3) * 0.4);
    const panX = r();
    const panY = r();
    // A zoom/pan over a source scaled up to a little more than 1080p (expressions in t).
    const z = `(${zoom0.toFixed(3)}+${(zoom1 - zoom0).toFixed(3)}*t/${seconds})`;
    // Per-frame zoom (scale with eval=frame), then a 1080p window that pans across the result.
    const crop = `scale=w='trunc(${W}*${z}/2)*2':h='trunc(${H}*${z}/2)*2':eval=frame:flags=bicubic,crop=${W}:${H}:x='(iw-ow)*(${panX.toFixed(2)}+${(0.5 - panX).toFixed(2)}*t/${seconds})':y='(ih-oh)*${panY.toFixed(2)}'`;
    const caption = i % 3 === 1 ? `,drawtext=fontfile=${FONT}:text='${CAPTIONS[i % CAPTIONS.length]}':fontsize=72:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=18:x=(w-tw)/2:y=h-th-120` : "";
    const tail = `${crop},setsar=1,noise=alls=5:allf=t,format=yuv420p${caption}`;
    if (i % 2 === 0) {
      const start = (r() * (13.5 - seconds)).toFixed(2);
      const hue = Math.round((r() - 0.5) * 40);
      out.push({
        id: `c${i}`,
        seconds,
        input: ["-ss", start, "-i", media.cockatoo],
        filter: `[0:v]fps=${FPS},scale=${W}:${H}${i % 4 === 0 ? ",hflip" : ""},hue=h=${hue},${tail}`,
      });
    } else {
      const photo = PHOTOS[(i >> 1) % PHOTOS.length]!;
      out.push({
        id: `p${i}`,
        seconds,
        input: ["-loop", "1", "-framerate", String(FPS), "-i", path.join(media.photos, photo)],
        filter: `[0:v]format=rgb24,scale=${W}:${H}:force_original_aspect_ratio=increase:flags=bicubic,crop=${W}:${H},${tail}`,
      });
    }
  }
  return out;
}

function encodeShot(dir: string, s: ShotRecipe): string {
  const file = path.join(dir, `shot-${RECIPE}-${s.id}.mp4`);
  if (fs.existsSync(file)) return file;
  execFileSync(
    process.env.FFMPEG_PATH || "ffmpeg",
    [
      "-v", "error", "-y", ...s.input, "-t", String(s.seconds), "-filter_complex", `${s.filter}[v]`, "-map", "[v]", "-an",
      "-r", String(FPS), "-c:v", "libx264", "-preset", "veryfast", "-b:v", "10M", "-maxrate", "12M", "-bufsize", "20M",
      "-g", String(FPS * 2), "-pix_fmt", "yuv420p", "-video_track_timescale", "15360", `${file}.part.mp4`,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  fs.renameSync(`${file}.part.mp4`, file);
  return file;
}

/** A `seconds`-long 1080p30 clip (cached): shots in a seeded order plus looping speech audio. */
export function buildClip(dir: string, media: MediaPaths, seconds: number, log: (m: string) => void = () => {}): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `clip-${RECIPE}-${seconds}s.mp4`);
  if (fs.existsSync(file)) return file;
  const recipes = shotRecipes(media);
  const r = rng(seconds);
  const list: string[] = [];
  let total = 0;
  let order = recipes.map((_, i) => i);
  while (total < seconds) {
    if (!order.length) order = recipes.map((_, i) => i).sort(() => r() - 0.5);
    const s = recipes[order.shift()!]!;
    log(`  shot ${s.id} (${s.seconds} s)`);
    list.push(`file '${encodeShot(dir, s)}'`);
    total += s.seconds;
  }
  const listFile = path.join(dir, `list-${seconds}.txt`);
  fs.writeFileSync(listFile, list.join("\n") + "\n");
  execFileSync(
    process.env.FFMPEG_PATH || "ffmpeg",
    [
      "-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", listFile, "-stream_loop", "-1", "-i", media.speech,
      "-map", "0:v", "-map", "1:a", "-t", String(seconds), "-c:v", "copy", "-c:a", "aac", "-b:a", "96k", "-movflags", "+faststart", `${file}.part.mp4`,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  fs.renameSync(`${file}.part.mp4`, file);
  return file;
}

/** Every unique shot of the clips (encoded once, cached in `dir`), with its recipe id (`p` photo / `c` footage). */
export function shotFiles(dir: string, media: MediaPaths, log: (m: string) => void = () => {}): { id: string; file: string }[] {
  fs.mkdirSync(dir, { recursive: true });
  return shotRecipes(media).map((s) => {
    log(`  shot ${s.id} (${s.seconds} s)`);
    return { id: s.id, file: encodeShot(dir, s) };
  });
}
