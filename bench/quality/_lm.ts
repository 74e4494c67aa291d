// exploratory: per-pass raw detections on the labels set, then fusion variants
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { decodeRgb, detectPasses, type RawDetections } from "@/lib/analysis/labels/detector";
import { allPassesFor as passesFor, fuseObjects } from "@/lib/analysis/labels/nms";
import { LABELLED_PHOTOS } from "./labels-set";
import { media } from "./metrics";
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "va-bench-lm-"));
const raw: { photo: (typeof LABELLED_PHOTOS)[number]; passes: RawDetections[] }[] = [];
for (const [i, photo] of LABELLED_PHOTOS.entries()) {
  let file = media(photo.file);
  if (photo.at !== undefined) {
    const out = path.join(tmp, `${i}.jpg`);
    execFileSync("ffmpeg", ["-v", "error", "-y", "-i", file, "-ss", String(photo.at), "-frames:v", "1", "-q:v", "2", out]);
    file = out;
  }
  const img = await decodeRgb(file);
  raw.push({ photo, passes: await detectPasses(img, passesFor(img.width, img.height)) });
}
fs.writeFileSync("/tmp/picture/labels-raw.json", JSON.stringify(raw));
process.exit(0);
