// Resumable multipart uploads with STORAGE_DRIVER=s3 against s3rver on loopback (its ListParts and
// AbortMultipartUpload are added by tests/helpers/s3.ts): parts PUT over HTTP to presigned
// UploadPart URLs, ListParts, CompleteMultipartUpload, AbortMultipartUpload, the 24 h sweep.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.TMPDIR || "/tmp"}/va-multipart-s3-test-${process.pid}-${Date.now()}`;
  // STORAGE_DRIVER=s3 comes with its bucket and endpoint in beforeAll (s3.useAsStorage()): set alone
  // here, the configuration would be invalid while the modules load (their loggers read env()).
});

import { getDb } from "@/db/client";
import { getStorage } from "@/lib/storage";
import { MAX_UPLOAD_BYTES } from "@/lib/core/storage-limits";
import { sweepExpiredMultipartUploads } from "@/lib/storage/multipart";
import { call } from "../helpers/api";
import { useTestDb } from "../helpers/db";
import { complete, createUpload, MIB, partBytes, partUrls, pattern, putParts, storedParts, type PutFn } from "../helpers/multipart";
import { startLocalS3, type LocalS3 } from "../helpers/s3";
import { makeUser, type TestUser } from "../helpers/users";

useTestDb();

const put: PutFn = (url, body, headers = {}) => fetch(url, { method: "PUT", headers, body });

let s3: LocalS3;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  s3 = await startLocalS3();
  s3.useAsStorage();
  alice = await makeUser("alice@example.com");
  bob = await makeUser("bob@example.com");
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
});

const uploadsDir = () => path.join(s3.directory, s3.bucket, "._S3rver_uploads");
const s3Uploads = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : []);

describe("multipart upload on S3", () => {
  it("presigned UploadPart URLs, ListParts with S3's ETags, complete assembles the object", async () => {
    const data = pattern(17 * MIB + 77, 11);
    const c = await createUpload(alice.api_key, { file_name: "S3 Big.mp4", file_size: data.length });
    expect(c.file_path).toBe(`users/${alice.user_id}/S3_Big.mp4`);
    expect(c.part_count).toBe(3);
    const urls = await partUrls(alice.api_key, c.upload_id, [1]);
    const u = new URL(urls.get(1)!);
    expect(u.origin).toBe(s3.endpoint);
    expect(u.searchParams.get("partNumber")).toBe("1");
    expect(u.searchParams.get("uploadId")).toBeTruthy();
    expect(u.searchParams.get("X-Amz-SignedHeaders")).toContain("content-length");

    const etags = await putParts(put, alice.api_key, c, data, [2, 3, 1]);
    const parts = await storedParts(alice.api_key, c.upload_id);
    expect(parts).toEqual([1, 2, 3].map((n) => ({ part_number: n, size: partBytes(data, c, n).length, etag: etags.get(n) })));
    const done = await complete(alice.api_key, c.upload_id, parts.map((p) => ({ part_number: p.part_number, etag: p.etag })));
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ file_path: c.file_path, file_size: data.length });
    expect((await getStorage().getBytes(c.file_path)).equals(data)).toBe(true);
    expect((await call("GET", `/storage/multipart/${c.upload_id}`, { auth: alice.api_key })).status).toBe(404);
  });

  it("resume after a failed part: complete names it, the retry sends only it", async () => {
    const data = pattern(9 * MIB, 12);
    const c = await createUpload(alice.api_key, { file_name: "s3-resume.mp4", file_size: data.length });
    await putParts(put, alice.api_key, c, data, [2]);
    const url = (await partUrls(alice.api_key, c.upload_id, [1])).get(1)!;
    // The connection drops mid-part: S3 never stores a part it did not receive whole.
    const ac = new AbortController();
    const failed = fetch(url, {
      method: "PUT",
      body: new ReadableStream({
        start(ctrl) {
          ctrl.enqueue(new Uint8Array(MIB));
          setTimeout(() => ac.abort(), 50);
        },
      }),
      duplex: "half",
      signal: ac.signal,
      headers: { "content-length": String(8 * MIB) },
    } as RequestInit);
    await expect(failed).rejects.toThrow();
    const early = await complete(alice.api_key, c.upload_id);
    expect(early.status).toBe(400);
    expect(early.body).toEqual({ detail: "Parts not uploaded yet: 1" });
    await putParts(put, alice.api_key, c, data, [1]);
    expect((await storedParts(alice.api_key, c.upload_id)).map((p) => p.part_number)).toEqual([1, 2]);
    expect((await complete(alice.api_key, c.upload_id)).status).toBe(200);
    expect((await getStorage().getBytes(c.file_path)).equals(data)).toBe(true);
  });

  it("a stored part of the wrong size is refused at complete", async () => {
    const data = pattern(9 * MIB, 13);
    const c = await createUpload(alice.api_key, { file_name: "s3-size.mp4", file_size: data.length });
    await putParts(put, alice.api_key, c, data, [2]);
    // s3rver does not check signatures, so it stores a short part 1 that real S3 would refuse.
    const url = (await partUrls(alice.api_key, c.upload_id, [1])).get(1)!;
    expect((await put(url, new Uint8Array(1000))).status).toBe(200);
    const res = await complete(alice.api_key, c.upload_id);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(`Part 1 has 1000 bytes (expected ${8 * MIB}); upload it again`);
    expect(await getStorage().stat(c.file_path)).toBeNull();
  });

  it("4 GiB declared: 64 parts of 64 MiB; abort removes the S3 upload", async () => {
    const before = s3Uploads().length;
    const c = await createUpload(alice.api_key, { file_name: "s3-huge.mp4", file_size: MAX_UPLOAD_BYTES });
    expect(c.part_count).toBe(64);
    expect(c.part_size).toBe(64 * MIB);
    expect(s3Uploads().length).toBe(before + 1);
    expect((await call("GET", `/storage/multipart/${c.upload_id}`, { auth: bob.api_key })).status).toBe(404);
    const res = await call("DELETE", `/storage/multipart/${c.upload_id}`, { auth: alice.api_key });
    expect(res.status).toBe(200);
    expect(s3Uploads().length).toBe(before);
    expect((await call("GET", `/storage/multipart/${c.upload_id}`, { auth: alice.api_key })).status).toBe(404);
  });

  it("uploads past 24 h are aborted in S3 by the sweep", async () => {
    const data = pattern(2000, 14);
    const c = await createUpload(alice.api_key, { file_name: "s3-stale.mp4", file_size: data.length });
    await putParts(put, alice.api_key, c, data, [1]);
    const before = s3Uploads().length;
    expect(before).toBeGreaterThanOrEqual(1);
    const db = await getDb();
    expect(await sweepExpiredMultipartUploads(db, { force: true, now: new Date(Date.now() + 25 * 3600e3) })).toBeGreaterThanOrEqual(1);
    expect(s3Uploads().length).toBeLessThan(before);
    expect((await call("GET", `/storage/multipart/${c.upload_id}`, { auth: alice.api_key })).status).toBe(404);
  });
});
