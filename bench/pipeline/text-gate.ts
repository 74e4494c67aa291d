// Calibration of the text gate before OCR (lib/analysis/visual/text-likeness.ts): its score and
// what OCR actually reads, on (a) keyframe-like stills of the pipeline bench's shots (real
// footage and photographs, some captioned), one per second, 960 px JPEGs like the decode pass
// writes, and (b) bench/quality's OCR photos with rendered text and the same photos without it.
// Prints every image sorted by score with its OCR text, the lowest score where OCR read text, and
// how many images the threshold would skip.
//
//   bash bench/quality/fetch-media.sh
//   npx tsx bench/pipeline/text-gate.ts [--media=DIR] [--dir=/tmp/decode-clips]
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { recognizeText } from "@/lib/analysis/visual/ocr";
import { imageTextLikeness } from "@/lib/analysis/visual/text-likeness";
import { OCR_TEXT_GATE } from "@/lib/analysis/keyframes/ocr-analyzer";
import { media } from "../quality/metrics";
import { OCR_CASES, OCR_PAGE, renderOcrCase, renderPhoto } from "../quality/ocr-cases";
import { shotFiles } from "./clips";
import { benchMedia } from "./media";

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const here = path.dirname(new URL(import.meta.url).pathname);
const clipDir = option("dir") ?? path.join(os.tmpdir(), "pipeline-bench");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "va-text-gate-"));

const images: { label: string; file: string }[] = [];
for (const shot of shotFiles(clipDir, benchMedia(here, option("media")), (m) => process.stderr.write(`${m}\n`))) {
  const pattern = path.join(tmp, `${shot.id}-%02d.jpg`);
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", shot.file, "-vf", "fps=1,scale=960:540:flags=bicubic", "-q:v", "4", pattern]);
  for (const f of fs.readdirSync(tmp).filter((f) => f.startsWith(`${shot.id}-`)).sort()) images.push({ label: `clip shot ${f.replace(".jpg", "")}`, file: path.join(tmp, f) });
}
for (const [i, c] of OCR_CASES.entries()) {
  const withText = path.join(tmp, `case-${i}.jpg`);
  renderOcrCase(media(c.photo), c, withText);
  images.push({ label: `${path.basename(c.photo)} + "${c.text}"`, file: withText });
  const plain = path.join(tmp, `photo-${i}.jpg`);
  renderPhoto(media(c.photo), plain);
  images.push({ label: `${path.basename(c.photo)} (as is)`, file: plain });
}
const page = path.join(tmp, "page.jpg");
renderPhoto(media(OCR_PAGE.photo), page);
images.push({ label: "imageTextN.png (printed page)", file: page });

const rows: { label: string; score: number; text: string; ms: number }[] = [];
let scoreMs = 0;
for (const img of images) {
  const t0 = performance.now();
  const score = await imageTextLikeness(img.file);
  scoreMs += performance.now() - t0;
  const t1 = performance.now();
  const lines = await recognizeText(img.file);
  rows.push({ label: img.label, score, text: lines.map((l) => l.text).join(" / "), ms: performance.now() - t1 });
}
rows.sort((a, b) => a.score - b.score);
console.log(`text gate: score (strokes per block pair) and what OCR reads, ${rows.length} images, threshold ${OCR_TEXT_GATE}\n`);
for (const r of rows) console.log(`  ${r.score.toFixed(4)} ${r.score < OCR_TEXT_GATE ? "skip" : "read"}  ${r.label.slice(0, 60).padEnd(60)} ${r.text ? `"${r.text.slice(0, 70)}"` : "-"}`);
const withText = rows.filter((r) => r.text);
const skipped = rows.filter((r) => r.score < OCR_TEXT_GATE);
const lost = skipped.filter((r) => r.text);
console.log(`\nlowest score where OCR read text: ${Math.min(...withText.map((r) => r.score)).toFixed(4)}`);
console.log(`skipped by the gate: ${skipped.length} of ${rows.length} images; of those, OCR read text on ${lost.length}${lost.length ? ` (${lost.map((r) => r.label).join("; ")})` : ""}`);
const ocrMs = rows.map((r) => r.ms).sort((a, b) => a - b);
console.log(`time: gate ${(scoreMs / rows.length).toFixed(0)} ms per image, OCR median ${ocrMs[ocrMs.length >> 1]!.toFixed(0)} ms (load average ${os.loadavg()[0]!.toFixed(1)})`);
fs.rmSync(tmp, { recursive: true, force: true });
process.exit(0);
