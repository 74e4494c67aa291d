// 16-bit PCM WAV files (what ffmpeg writes for `-c:a pcm_s16le`): read in windows as floats,
// and write a copy with some stretches silenced. Windows keep memory flat for hour-long audio.
import fs from "node:fs";

export interface WavInfo {
  sampleRate: number;
  channels: number;
  /** Byte offset of the first sample. */
  dataOffset: number;
  /** Samples per channel. */
  frames: number;
}

/** The layout of a 16-bit PCM WAV file; throws on anything else. */
export function readWavInfo(file: string): WavInfo {
  const fd = fs.openSync(file, "r");
  try {
    const size = fs.fstatSync(fd).size;
    const head = Buffer.alloc(12);
    fs.readSync(fd, head, 0, 12, 0);
    if (head.toString("ascii", 0, 4) !== "RIFF" || head.toString("ascii", 8, 12) !== "WAVE") throw new Error("not a WAV file");
    let pos = 12;
    let fmt: { channels: number; sampleRate: number; bits: number; format: number } | null = null;
    const chunk = Buffer.alloc(24);
    while (pos + 8 <= size) {
      fs.readSync(fd, chunk, 0, 24, pos);
      const id = chunk.toString("ascii", 0, 4);
      const len = chunk.readUInt32LE(4);
      if (id === "fmt ") {
        fmt = { format: chunk.readUInt16LE(8), channels: chunk.readUInt16LE(10), sampleRate: chunk.readUInt32LE(12), bits: chunk.readUInt16LE(22) };
      } else if (id === "data") {
        if (!fmt || (fmt.format !== 1 && fmt.format !== 0xfffe) || fmt.bits !== 16 || !fmt.channels) {
          throw new Error("the WAV file is not 16-bit PCM");
        }
        // A streamed header may claim more than the file holds: trust the file.
        const bytes = Math.min(len, size - pos - 8);
        return { sampleRate: fmt.sampleRate, channels: fmt.channels, dataOffset: pos + 8, frames: Math.floor(bytes / (2 * fmt.channels)) };
      }
      pos += 8 + len + (len & 1);
    }
    throw new Error("the WAV file has no data chunk");
  } finally {
    fs.closeSync(fd);
  }
}

/** Mono samples in [-1, 1] of frames [start, start + count) (channels averaged). */
export function readWavWindow(file: string, info: WavInfo, start: number, count: number): Float32Array {
  const n = Math.max(0, Math.min(count, info.frames - start));
  const buf = Buffer.alloc(n * 2 * info.channels);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, buf, 0, buf.length, info.dataOffset + start * 2 * info.channels);
  } finally {
    fs.closeSync(fd);
  }
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let c = 0; c < info.channels; c++) s += buf.readInt16LE((i * info.channels + c) * 2);
    out[i] = s / info.channels / 32768;
  }
  return out;
}

function header(sampleRate: number, frames: number): Buffer {
  const h = Buffer.alloc(44);
  h.write("RIFF", 0, "ascii");
  h.writeUInt32LE(36 + frames * 2, 4);
  h.write("WAVEfmt ", 8, "ascii");
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write("data", 36, "ascii");
  h.writeUInt32LE(frames * 2, 40);
  return h;
}

/**
 * A mono copy of `file` in which only the `keep` stretches (seconds, sorted) are heard; the rest
 * becomes a faint noise floor (±1 LSB: digital zero upsets some recognisers' noise estimates).
 */
export function writeMaskedWav(file: string, info: WavInfo, keep: readonly { start: number; end: number }[], out: string): void {
  const fd = fs.openSync(out, "w");
  try {
    fs.writeSync(fd, header(info.sampleRate, info.frames));
    const window = info.sampleRate * 30;
    let k = 0;
    let seed = 1;
    for (let start = 0; start < info.frames; start += window) {
      const samples = readWavWindow(file, info, start, window);
      const pcm = Buffer.alloc(samples.length * 2);
      for (let i = 0; i < samples.length; i++) {
        const t = (start + i) / info.sampleRate;
        while (k < keep.length && keep[k].end <= t) k++;
        const heard = k < keep.length && keep[k].start <= t;
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        const v = heard ? Math.round(samples[i] * 32767) : (seed % 3) - 1;
        pcm.writeInt16LE(Math.max(-32768, Math.min(32767, v)), i * 2);
      }
      fs.writeSync(fd, pcm);
    }
  } finally {
    fs.closeSync(fd);
  }
}
