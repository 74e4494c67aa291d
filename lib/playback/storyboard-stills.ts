// The storyboard from the decode pass's stills: for every slot the still nearest the middle of its
// cue, scaled to a tile and tiled by one small ffmpeg run over those JPEGs (no video decode at all).
import fs from "node:fs";
import path from "node:path";
import { jpegFileSize } from "@/lib/analysis/visual/jpeg-size";
import { ffmpegPath, runTool } from "@/lib/media/ffmpeg";
import type { Still } from "@/lib/media/decode-frames";

export interface StillTiles {
  tiles: number;
  tileWidth: number;
  tileHeight: number;
}

/** Per slot n, the still nearest (n + ½)·interval inside [n·interval, (n+1)·interval), or null. */
export function stillsForSlots(stills: readonly Still[], interval: number, slots: number): (Still | null)[] {
  const out: (Still | null)[] = [];
  let k = 0;
  for (let n = 0; n < slots; n++) {
    const mid = (n + 0.5) * interval;
    while (k + 1 < stills.length && Math.abs(stills[k + 1]!.time - mid) <= Math.abs(stills[k]!.time - mid)) k++;
    const s = stills[k];
    out.push(s && s.time >= n * interval - 0.05 && s.time < (n + 1) * interval ? s : null);
  }
  return out;
}

/**
 * Tiles the stills into `out` (columns × rows, tile width `tileWidth`), or null when some slot has
 * no still of its own (then a decode-based strategy makes the storyboard).
 */
export async function tileStills(
  stills: readonly Still[],
  layout: { interval: number; slots: number; columns: number; rows: number },
  tileWidth: number,
  maxTileHeight: number,
  out: string,
): Promise<StillTiles | null> {
  const picked = stillsForSlots(stills, layout.interval, layout.slots);
  if (!picked.length || picked.some((s) => !s || !fs.existsSync(s.file))) return null;
  const { width, height } = await jpegDims(picked[0]!.file);
  const tileHeight = Math.min(maxTileHeight, Math.max(2, 2 * Math.round((tileWidth * height) / width / 2)));
  const list = `${out}.txt`;
  fs.writeFileSync(list, picked.map((s) => `file '${s!.file.replace(/'/g, "'\\''")}'`).join("\n") + "\n");
  try {
    await runTool(ffmpegPath(), [
      "-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", list,
      "-vf", `scale=${tileWidth}:${tileHeight},setsar=1,tile=${layout.columns}x${layout.rows}`,
      "-frames:v", "1", "-update", "1", "-c:v", "mjpeg", "-q:v", "5", out,
    ]);
  } finally {
    fs.rmSync(list, { force: true });
  }
  return fs.existsSync(out) ? { tiles: picked.length, tileWidth, tileHeight } : null;
}

async function jpegDims(file: string): Promise<{ width: number; height: number }> {
  const size = await jpegFileSize(file);
  if (!size?.width || !size.height) throw new Error(`Unreadable still ${path.basename(file)}`);
  return size;
}
