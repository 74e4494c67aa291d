// A person's picture: their best face cut from the keyframe still it was seen on, stored beside
// the video's other renditions (results/<user_id>/<job_id>/people/<person_id>.jpg) and served by
// GET /playback/people/{job_id}/{person_id} with the video's playback token.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ffmpegPath, runTool } from "@/lib/media/ffmpeg";
import { resultsPrefix } from "@/lib/storage/derived-files";
import { getStorage } from "@/lib/storage";

export const personThumbnailKey = (userId: string, jobId: string, personId: string) => `${resultsPrefix(userId, jobId)}people/${personId}.jpg`;

/** Stores a 160 × 160 picture of the face `box` ([x, y, w, h] fractions) on the still `file`. */
export async function storePersonThumbnail(o: { userId: string; jobId: string; personId: string; file: string; box: readonly [number, number, number, number]; workDir?: string; signal?: AbortSignal }): Promise<string> {
  const [x, y, w, h] = o.box;
  const cx = (x + w / 2).toFixed(4);
  const cy = (y + h / 2).toFixed(4);
  const side = `min(min(iw,ih),1.5*max(${w.toFixed(4)}*iw,${h.toFixed(4)}*ih))`;
  const vf = `crop=w='${side}':h='${side}':x='max(0,min(iw-ow,${cx}*iw-ow/2))':y='max(0,min(ih-oh,${cy}*ih-oh/2))',scale=160:160`;
  const out = path.join(o.workDir ?? os.tmpdir(), `person-${crypto.randomUUID()}.jpg`);
  try {
    await runTool(ffmpegPath(), ["-v", "error", "-y", "-i", o.file, "-vf", vf, "-frames:v", "1", "-q:v", "3", out], { signal: o.signal });
    const key = personThumbnailKey(o.userId, o.jobId, o.personId);
    await getStorage().putFile(key, out, "image/jpeg");
    return key;
  } finally {
    fs.rmSync(out, { force: true });
  }
}
