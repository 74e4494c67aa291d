// OCR word separation: share of legible words read as separate tokens on real photos with text.
// The text is rendered onto real photos (Debian's skimage / OpenCV / matplotlib samples) with
// ffmpeg drawtext in several fonts, sizes, colours and places — the photos' own scene text is too
// small or blurred to count as legible — plus the OpenCV sample of a photographed printed page.
//   bash bench/quality/fetch-media.sh && npx tsx bench/quality/ocr.ts
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { recognizeText } from "@/lib/analysis/visual/ocr";
import { media, pct } from "./metrics";

const SK = "usr/lib/python3/dist-packages/skimage/data";
const CV = "usr/share/doc/opencv-doc/examples/data";
const FONTS = "/usr/share/fonts/truetype";
const CASES: { photo: string; text: string; font: string; size: number; colour: string; x: string; y: string }[] = [
  { photo: `${CV}/leuvenA.jpg`, text: "THE DURIAN OPEN MOVIE PROJECT", font: "dejavu/DejaVuSerif.ttf", size: 30, colour: "white", x: "(w-tw)/2", y: "h*0.4" },
  { photo: `${SK}/coffee.png`, text: "FRESH COFFEE DAILY", font: "dejavu/DejaVuSans-Bold.ttf", size: 34, colour: "yellow", x: "20", y: "20" },
  { photo: `${CV}/building.jpg`, text: "Grand Hotel Reception", font: "liberation/LiberationSerif-Bold.ttf", size: 32, colour: "white", x: "(w-tw)/2", y: "h-60" },
  { photo: `${SK}/motorcycle_left.png`, text: "Open 24 hours", font: "liberation/LiberationSans-Regular.ttf", size: 30, colour: "white", x: "30", y: "h-50" },
  { photo: `${CV}/messi5.jpg`, text: "FINAL SCORE 2 - 1", font: "dejavu/DejaVuSansCondensed-Bold.ttf", size: 30, colour: "white", x: "w-tw-20", y: "20" },
  { photo: `${SK}/rocket.jpg`, text: "Launch window opens at dawn", font: "dejavu/DejaVuSans.ttf", size: 24, colour: "white", x: "20", y: "h-40" },
  { photo: `${CV}/home.jpg`, text: "Welcome to the Palace Museum", font: "liberation/LiberationSerif-Regular.ttf", size: 28, colour: "black", x: "20", y: "h-50" },
  { photo: `${CV}/fruits.jpg`, text: "Oranges and lemons sale", font: "liberation/LiberationSansNarrow-Bold.ttf", size: 34, colour: "white", x: "20", y: "20" },
  { photo: `${SK}/astronaut.png`, text: "MISSION CONTROL HOUSTON", font: "dejavu/DejaVuSansMono-Bold.ttf", size: 24, colour: "white", x: "(w-tw)/2", y: "h-40" },
  { photo: `${CV}/licenseplate_motion.jpg`, text: "No parking any time", font: "liberation/LiberationSans-Bold.ttf", size: 28, colour: "yellow", x: "20", y: "20" },
];
/** The printed page photographed (OpenCV sample): its first two lines, as printed. */
const PAGE = { photo: `${CV}/imageTextN.png`, text: "technical details are too complex to cover in the book itself. In teaching our courses, we have found it useful for the students to attempt a number of" };

const tokens = (s: string) => s.toLowerCase().split(/[^\p{L}\p{N}%]+/u).filter(Boolean);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "va-bench-ocr-"));
let found = 0;
let total = 0;
const times: number[] = [];
const rows: string[] = [];
async function measure(file: string, truth: string, label: string) {
  const t0 = performance.now();
  const lines = await recognizeText(file);
  times.push(performance.now() - t0);
  const got = new Set(tokens(lines.map((l) => l.text).join(" ")));
  const words = tokens(truth);
  const hit = words.filter((w) => got.has(w)).length;
  found += hit;
  total += words.length;
  rows.push(`${label.padEnd(28)} ${hit}/${words.length}  "${lines.map((l) => l.text).join(" / ").slice(0, 110)}"`);
}
for (const [i, c] of CASES.entries()) {
  const out = path.join(tmp, `${i}.jpg`);
  const text = c.text.replace(/[:']/g, "\\$&");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", media(c.photo), "-vf",
    `scale='min(960,iw)':-2,drawtext=fontfile=${FONTS}/${c.font}:text='${text}':fontsize=${c.size}:fontcolor=${c.colour}:x=${c.x}:y=${c.y}`,
    "-q:v", "3", out]);
  await measure(out, c.text, path.basename(c.photo));
}
const page = path.join(tmp, "page.jpg");
execFileSync("ffmpeg", ["-v", "error", "-y", "-i", media(PAGE.photo), "-vf", "scale='min(960,iw)':-2", "-q:v", "3", page]);
await measure(page, PAGE.text, "imageTextN.png (page)");

console.log("OCR: words read as separate tokens (case-insensitive) on real photos with rendered text, and a photographed page\n");
for (const r of rows) console.log(`  ${r}`);
const sorted = [...times].sort((a, b) => a - b);
console.log(`\n${pct(found / total)} of ${total} legible words read as separate tokens`);
console.log(`time per frame: median ${sorted[sorted.length >> 1]!.toFixed(0)} ms (first, with model load, ${times[0]!.toFixed(0)} ms; load average ${os.loadavg()[0]!.toFixed(1)})`);
fs.rmSync(tmp, { recursive: true, force: true });
