// A request body streamed into a file with back-pressure (never held in memory), counted on the
// way: the one write path of the local driver's upload PUTs (whole objects and multipart parts).
import type fs from "node:fs";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { interrupted, StorageError } from "./errors";

/**
 * The `highWaterMark` of the upload write streams. With fs's default (16 KiB) every 64 KiB socket
 * chunk fills the stream: the socket is paused until that one write is done, then resumed, one
 * write syscall and one pause/resume per chunk. With 1 MiB the socket keeps being read while a
 * write is in flight and the chunks that arrived meanwhile go to disk in one `writev`: 0.3–0.45 s
 * less CPU per GiB in the multipart bench (bench/upload/README.md), at most 1 MiB buffered per
 * upload stream.
 */
export const WRITE_HIGH_WATER_MARK = 1024 * 1024;

/** An error of the disk (full, read-only, …) rather than of the request stream. */
function isFileSystemError(err: unknown): boolean {
  const syscall = (err as NodeJS.ErrnoException)?.syscall;
  return typeof syscall === "string" && syscall !== "read";
}

/**
 * Pipes `body` into `file` and resolves with the byte count. More than `maxBytes` fails with
 * `tooLarge()` as soon as it is passed; a body that breaks off fails with 400 "interrupted"; a
 * disk error is thrown as it is. `file` is destroyed (its fd closed) on any failure.
 */
export async function bodyToFile(body: Readable, file: fs.WriteStream, maxBytes: number, tooLarge: () => StorageError): Promise<number> {
  let total = 0;
  // Counted as the chunks go by, by a listener that runs before the pipe's own (not a stream stage
  // between them: a Transform costs a write, a push and a read per 64 KiB chunk). The chunk that
  // passes the limit is never written: the file is destroyed first (a part's neighbour in the
  // upload's data file stays untouched), and the pipeline fails with tooLarge().
  const count = (chunk: Buffer) => {
    total += chunk.byteLength;
    if (total > maxBytes && !file.destroyed) file.destroy(tooLarge());
  };
  body.on("data", count);
  await pipeline(body, file).catch((err: unknown) => {
    if (err instanceof StorageError || isFileSystemError(err)) throw err;
    throw interrupted();
  }).finally(() => body.off("data", count));
  return total;
}
