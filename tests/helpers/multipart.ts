// Drives the multipart upload API from tests: create, part URLs, PUT parts (the caller says how:
// through the route dispatcher for local storage, over HTTP for s3rver), status, complete.
import { expect } from "vitest";
import { call } from "./api";

export const MIB = 1024 * 1024;

export interface Created {
  upload_id: string;
  file_path: string;
  part_size: number;
  part_count: number;
  expires_at: string;
}

export type PutFn = (url: string, body: BodyInit | null, headers?: Record<string, string>) => Promise<Response>;

/** Deterministic bytes (a seed per file) so a reassembled file can be compared byte for byte. */
export function pattern(n: number, seed = 7): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 13 + seed + (i >> 16)) & 0xff;
  return b;
}

export async function createUpload(auth: string, body: Record<string, unknown>): Promise<Created> {
  const res = await call("POST", "/storage/multipart", { auth, body: { content_type: "video/mp4", ...body } });
  expect(res.status, res.text).toBe(201);
  return res.body as Created;
}

export async function partUrls(auth: string, uploadId: string, numbers: number[]): Promise<Map<number, string>> {
  const res = await call("POST", `/storage/multipart/${uploadId}/parts`, { auth, body: { part_numbers: numbers } });
  expect(res.status, res.text).toBe(200);
  return new Map((res.body.parts as { part_number: number; url: string }[]).map((p) => [p.part_number, p.url]));
}

export function partBytes(data: Buffer, created: Created, n: number): Buffer {
  return data.subarray((n - 1) * created.part_size, Math.min(data.length, n * created.part_size));
}

/** PUTs the given parts in parallel; every one must answer 200 with an ETag. */
export async function putParts(put: PutFn, auth: string, created: Created, data: Buffer, numbers: number[]): Promise<Map<number, string>> {
  const urls = await partUrls(auth, created.upload_id, numbers);
  const etags = new Map<number, string>();
  await Promise.all(
    numbers.map(async (n) => {
      const res = await put(urls.get(n)!, new Uint8Array(partBytes(data, created, n)));
      expect(res.status, await res.clone().text()).toBe(200);
      const etag = res.headers.get("etag");
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
      etags.set(n, etag!);
    }),
  );
  return etags;
}

export async function storedParts(auth: string, uploadId: string) {
  const res = await call("GET", `/storage/multipart/${uploadId}`, { auth });
  expect(res.status, res.text).toBe(200);
  return res.body.parts as { part_number: number; size: number; etag: string }[];
}

export function complete(auth: string, uploadId: string, parts?: { part_number: number; etag: string }[]) {
  return call("POST", `/storage/multipart/${uploadId}/complete`, { auth, body: parts ? { parts } : {} });
}
