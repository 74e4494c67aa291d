// How the server cuts a multipart upload into parts: 8 MiB parts for small files, larger parts
// (up to 64 MiB) for large ones, always within S3's rules (5 MiB to 5 GiB, ≤ 10,000 parts).
import { describe, expect, it } from "vitest";
import { choosePartSize, expectedPartSize, MAX_PARTS, MIB, MIN_PART_SIZE, partCountFor } from "@/lib/core/multipart-layout";
import { MAX_UPLOAD_BYTES } from "@/lib/core/storage-limits";

const GIB = 1024 * MIB;

describe("choosePartSize", () => {
  it("grows with the file: ≤ 256 MiB → 8 MiB, then doubling up to 64 MiB from 1 GiB + 1 byte", () => {
    const cases: [number, number][] = [
      [1, 8 * MIB],
      [20 * MIB + 5, 8 * MIB],
      [256 * MIB, 8 * MIB],
      [256 * MIB + 1, 16 * MIB],
      [512 * MIB, 16 * MIB],
      [512 * MIB + 1, 32 * MIB],
      [GIB, 32 * MIB],
      [GIB + 1, 64 * MIB],
      [2 * GIB, 64 * MIB],
      [MAX_UPLOAD_BYTES, 64 * MIB],
    ];
    for (const [size, part] of cases) expect(choosePartSize(size), `${size} bytes`).toBe(part);
  });

  it("a 1 GiB file is 32 parts, a 4 GiB file 64; never more than 32 parts up to 2 GiB", () => {
    expect(partCountFor(GIB, choosePartSize(GIB))).toBe(32);
    expect(partCountFor(MAX_UPLOAD_BYTES, choosePartSize(MAX_UPLOAD_BYTES))).toBe(64);
    for (let size = 1; size <= 2 * GIB; size += 37 * MIB + 12345) expect(partCountFor(size, choosePartSize(size))).toBeLessThanOrEqual(32);
  });

  it("stays within S3's rules for any size, growing past 64 MiB only (whole MiB) to keep ≤ 10,000 parts", () => {
    for (const size of [MIB, 3 * GIB + 7, 640 * GIB, 640 * GIB + 1, 5 * 1024 * GIB]) {
      const part = choosePartSize(size);
      expect(part).toBeGreaterThanOrEqual(MIN_PART_SIZE);
      expect(part).toBeLessThanOrEqual(5 * GIB);
      expect(part % MIB).toBe(0);
      expect(partCountFor(size, part)).toBeLessThanOrEqual(MAX_PARTS);
    }
    expect(choosePartSize(640 * GIB)).toBe(66 * MIB); // 640 GiB / 10,000 = 65.5 MiB
  });

  it("every part but the last is part_size; the last holds the rest", () => {
    const upload = { fileSize: GIB + 5, partSize: choosePartSize(GIB + 5), partCount: partCountFor(GIB + 5, choosePartSize(GIB + 5)) };
    expect(upload.partCount).toBe(17);
    expect(expectedPartSize(upload, 1)).toBe(64 * MIB);
    expect(expectedPartSize(upload, 17)).toBe(5);
  });
});
