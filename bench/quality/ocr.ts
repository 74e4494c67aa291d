// OCR word separation: share of legible words read as separate tokens on real photos with text.
// The text is rendered onto real photos (Debian's skimage / OpenCV / matplotlib samples) with
// ffmpeg drawtext in several fonts, sizes, colours and places — the photos' own scene text is too
// small or blurred to count as legible — plus the OpenCV sample of a photographed printed page.
//   bash bench/quality/fetch-media.sh && npx tsx bench/quality/ocr.ts
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { recognizeText } from "@/lib/analysis/visual/ocr";
import { media, pct } from "./metrics";
import { OCR_CASES as CASES, OCR_PAGE as PAGE, renderOcrCase, renderPhoto } from "./ocr-cases";

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
  renderOcrCase(media(c.photo), c, out);
  await measure(out, c.text, path.basename(c.photo));
}
const page = path.join(tmp, "page.jpg");
renderPhoto(media(PAGE.photo), page);
await measure(page, PAGE.text, "imageTextN.png (page)");

console.log("OCR: words read as separate tokens (case-insensitive) on real photos with rendered text, and a photographed page\n");
for (const r of rows) console.log(`  ${r}`);
const sorted = [...times].sort((a, b) => a - b);
console.log(`\n${pct(found / total)} of ${total} legible words read as separate tokens`);
console.log(`time per frame: median ${sorted[sorted.length >> 1]!.toFixed(0)} ms (first, with model load, ${times[0]!.toFixed(0)} ms; load average ${os.loadavg()[0]!.toFixed(1)})`);
fs.rmSync(tmp, { recursive: true, force: true });
