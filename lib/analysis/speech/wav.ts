// 16-bit PCM WAV files (what ffmpeg writes for `-c:a pcm_s16le`), read in windows as floats:
// windows keep memory flat for hour-long audio.
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
