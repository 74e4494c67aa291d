// Binary form of a decoded feature sequence: how the decode pass is stored as an artefact and shared
// between pipeline steps (fixed-size little-endian records; `index` is implied by position).
import { type FrameFeatures, GRID_H, GRID_W, HIST_BINS } from "./frame-features";

const RECORD_BYTES = 8 + 9 * 4 + HIST_BINS * 4 + GRID_W * GRID_H * 3;

/** Packs features into one buffer (for caching the decode pass as an artefact). */
export function serializeFrameFeatures(frames: FrameFeatures[]): Buffer {
  const buf = Buffer.alloc(4 + frames.length * RECORD_BYTES);
  buf.writeUInt32LE(frames.length, 0);
  let o = 4;
  for (const f of frames) {
    buf.writeDoubleLE(f.time, o);
    buf.writeFloatLE(f.meanLuma, o + 8);
    buf.writeFloatLE(f.lumaStd, o + 12);
    buf.writeFloatLE(f.diffPrev, o + 16);
    buf.writeFloatLE(f.edgeDiffPrev, o + 20);
    buf.writeFloatLE(f.edgeEnergy, o + 24);
    buf.writeFloatLE(f.motionX, o + 28);
    buf.writeFloatLE(f.motionY, o + 32);
    buf.writeFloatLE(f.mcDiff, o + 36);
    buf.writeFloatLE(f.rawDiff, o + 40);
    o += 44;
    for (let k = 0; k < HIST_BINS; k++, o += 4) buf.writeFloatLE(f.hist[k] ?? 0, o);
    buf.set(f.grid, o);
    o += f.grid.length;
  }
  return buf;
}

export function deserializeFrameFeatures(buf: Buffer): FrameFeatures[] {
  const n = buf.readUInt32LE(0);
  const frames: FrameFeatures[] = new Array(n);
  let o = 4;
  for (let i = 0; i < n; i++) {
    const time = buf.readDoubleLE(o);
    const meanLuma = buf.readFloatLE(o + 8);
    const lumaStd = buf.readFloatLE(o + 12);
    const diffPrev = buf.readFloatLE(o + 16);
    const edgeDiffPrev = buf.readFloatLE(o + 20);
    const edgeEnergy = buf.readFloatLE(o + 24);
    const motionX = buf.readFloatLE(o + 28);
    const motionY = buf.readFloatLE(o + 32);
    const mcDiff = buf.readFloatLE(o + 36);
    const rawDiff = buf.readFloatLE(o + 40);
    o += 44;
    const hist = new Float32Array(HIST_BINS);
    for (let k = 0; k < HIST_BINS; k++, o += 4) hist[k] = buf.readFloatLE(o);
    const grid = new Uint8Array(buf.subarray(o, o + GRID_W * GRID_H * 3));
    o += GRID_W * GRID_H * 3;
    frames[i] = { index: i, time, meanLuma, lumaStd, diffPrev, edgeDiffPrev, edgeEnergy, motionX, motionY, mcDiff, rawDiff, hist, grid };
  }
  return frames;
}
