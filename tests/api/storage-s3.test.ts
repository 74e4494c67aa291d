// Storage endpoints and the driver with STORAGE_DRIVER=s3, against s3rver on loopback: presigned
// PUT with fetch, stat, list, presigned GET with Range, delete, withLocalFile, putFile/getBytes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.DATA_DIR = `${process.env.TMPDIR || "/tmp"}/va-storage-s3-test-${process.pid}-${Date.now()}`;
  // STORAGE_DRIVER=s3 comes with its bucket and endpoint in beforeAll (s3.useAsStorage()): set alone
  // here, the configuration would be invalid while the modules load (their loggers read env()).
  delete process.env.STORAGE_PUBLIC_URL;
});

import { getDb } from "@/db/client";
import { getVideoByStoragePath, insertVideo } from "@/db/queries/videos";
import { getStorage } from "@/lib/storage";
import { S3StorageDriver } from "@/lib/storage/s3-driver";
import { call } from "../helpers/api";
import { useTestDb } from "../helpers/db";
import { dispatch } from "../helpers/routes";
import { startLocalS3, type LocalS3 } from "../helpers/s3";
import { makeUser, type TestUser } from "../helpers/users";

useTestDb();

const NOT_OWNED = "Storage path does not belong to this user";

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

function bytes(n: number, seed = 3): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 17 + seed) & 0xff;
  return b;
}

async function upload(auth: string, body: Record<string, unknown>, data: Buffer, contentType = "video/mp4") {
  const created = await call("POST", "/storage/upload-url", { auth, body: { content_type: contentType, ...body } });
  expect(created.status, created.text).toBe(200);
  const res = await fetch(created.body.upload_url, {
    method: "PUT",
    headers: { "Content-Type": contentType },
    body: new Uint8Array(data),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return created.body as { upload_url: string; file_path: string; sanitized_filename: string };
}

describe("getStorage() with STORAGE_DRIVER=s3", () => {
  it("is the S3 driver, cached per configuration", () => {
    const a = getStorage();
    expect(a.kind).toBe("s3");
    expect(a).toBeInstanceOf(S3StorageDriver);
    expect(getStorage()).toBe(a);
    expect((a as S3StorageDriver).config).toEqual({
      bucket: s3.bucket,
      region: "us-east-1",
      endpoint: s3.endpoint,
      forcePathStyle: true,
    });
  });
});

describe("POST /api/storage/upload-url (s3)", () => {
  it("a real presigned PUT URL that signs the content type; fetch PUT stores the bytes", async () => {
    const data = bytes(200_000);
    const created = await upload(alice.api_key, { file_name: "S3 Clip.mp4" }, data);
    expect(created.file_path).toBe(`users/${alice.user_id}/S3_Clip.mp4`);
    const u = new URL(created.upload_url);
    expect(u.origin).toBe(s3.endpoint);
    expect(u.pathname).toBe(`/${s3.bucket}/users/${alice.user_id}/S3_Clip.mp4`);
    expect(u.searchParams.get("X-Amz-Algorithm")).toBe("AWS4-HMAC-SHA256");
    expect(u.searchParams.get("X-Amz-Expires")).toBe("3600");
    expect(u.searchParams.get("X-Amz-SignedHeaders")!.split(";")).toContain("content-type");
    expect(u.searchParams.has("x-amz-checksum-crc32")).toBe(false);
    const stored = fs.readdirSync(s3.directory, { recursive: true }).map(String);
    expect(stored.some((p) => p.includes("S3_Clip.mp4"))).toBe(true);
    expect(await getStorage().stat(created.file_path)).toEqual({ size: data.length, lastModified: expect.any(Date) });
    expect((await getStorage().getBytes(created.file_path)).equals(data)).toBe(true);
  });

  it("expires_in becomes X-Amz-Expires; an expired URL is refused by the server", async () => {
    const res = await call("POST", "/storage/upload-url", { auth: alice.api_key, body: { file_name: "e.mp4", expires_in: 300 } });
    const u = new URL(res.body.upload_url);
    expect(u.searchParams.get("X-Amz-Expires")).toBe("300");
    // Back-date the signing time: the URL is then past its lifetime.
    const old = new URL(u);
    const date = new Date(Date.now() - 3600_000).toISOString().replace(/[-:]|\.\d{3}/g, "");
    old.searchParams.set("X-Amz-Date", date);
    const put = await fetch(old, { method: "PUT", headers: { "Content-Type": "video/mp4" }, body: "x" });
    expect(put.status).toBe(403);
  });

  it("suffix on collision, extension and ownership rules as with the local driver", async () => {
    await upload(alice.api_key, { file_name: "same.mov" }, bytes(10), "video/quicktime");
    const again = await call("POST", "/storage/upload-url", { auth: alice.api_key, body: { file_name: "same.mov" } });
    expect(again.body.file_path).toMatch(new RegExp(`^users/${alice.user_id}/same_[0-9a-f]{6}\\.mov$`));
    const exe = await call("POST", "/storage/upload-url", { auth: alice.api_key, body: { file_name: "x.EXE" } });
    expect([exe.status, exe.body.detail]).toEqual([400, "Unsupported file extension: .exe"]);
    for (const key of [`users/${bob.user_id}/x.mp4`, "%2e%2e/x.mp4", "a\\b.mp4", "/x.mp4"]) {
      const res = await call("POST", "/storage/upload-url", { auth: alice.api_key, body: { key } });
      expect([res.status, res.body.detail]).toEqual([403, NOT_OWNED]);
    }
  });
});

describe("download, list and delete (s3)", () => {
  const data = bytes(50_000, 9);
  let filePath: string;
  beforeAll(async () => {
    filePath = (await upload(alice.api_key, { key: "dir/movie.mp4" }, data)).file_path;
  });

  it("POST /api/storage/download-url: a presigned GET with Range support", async () => {
    const res = await call("POST", "/storage/download-url", { auth: alice.api_key, body: { key: filePath } });
    expect(res.status).toBe(200);
    const url = res.body.url as string;
    expect(new URL(url).searchParams.get("response-content-disposition")).toContain('filename="movie.mp4"');
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(data)).toBe(true);
    const part = await fetch(url, { headers: { Range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${data.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(100, 200))).toBe(true);
  });

  it("download-url: 404 for a missing object, 403 outside the caller's area", async () => {
    const missing = await call("POST", "/storage/download-url", { auth: alice.api_key, body: { file_path: "none.mp4" } });
    expect([missing.status, missing.body.detail]).toEqual([404, "File not found"]);
    const other = await call("POST", "/storage/download-url", { auth: bob.api_key, body: { key: filePath } });
    expect([other.status, other.body.detail]).toEqual([403, NOT_OWNED]);
  });

  it("GET /api/storage/files lists the caller's objects with lastModified in Z", async () => {
    await upload(bob.api_key, { file_name: "bob.mp4" }, bytes(7));
    const res = await call("GET", "/storage/files?prefix=dir/", { auth: alice.api_key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      user_id: alice.user_id,
      files: [
        {
          name: "dir/movie.mp4",
          size: data.length,
          lastModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          publicUrl: "",
          filePath,
        },
      ],
    });
    const all = await call("GET", "/storage/files", { auth: alice.api_key });
    expect(all.body.files.every((f: any) => f.filePath.startsWith(`users/${alice.user_id}/`))).toBe(true);
    const forbidden = await call("GET", `/storage/files?prefix=users/${bob.user_id}/`, { auth: alice.api_key });
    expect(forbidden.status).toBe(403);
  });

  it("DELETE /api/storage/files removes the object and its videos; 404 after", async () => {
    const { file_path } = await upload(alice.api_key, { file_name: "gone.mp4" }, bytes(20));
    const db = await getDb();
    await insertVideo(db, { userId: alice.user_id, jobId: crypto.randomUUID(), name: "gone.mp4", storagePath: file_path });
    const res = await call("DELETE", `/storage/files?key=${encodeURIComponent(file_path)}`, { auth: alice.api_key });
    expect([res.status, res.body]).toEqual([200, { success: true, ok: true }]);
    expect(await getStorage().stat(file_path)).toBeNull();
    expect(await getVideoByStoragePath(db, { userId: alice.user_id, storagePath: file_path })).toBeNull();
    const again = await call("DELETE", `/storage/files?key=${encodeURIComponent(file_path)}`, { auth: alice.api_key });
    expect([again.status, again.body.detail]).toEqual([404, "File not found"]);
  });

  it("the local object route answers 404 when storage is S3", async () => {
    for (const method of ["GET", "HEAD", "PUT"]) {
      const res = await dispatch(new Request(`http://localhost/api/storage/object/${filePath}?expires=1&sig=x`, { method }));
      expect(res.status).toBe(404);
    }
  });
});

describe("S3 driver operations", () => {
  it("withLocalFile downloads to a temp file that is removed afterwards", async () => {
    const storage = getStorage();
    const data = bytes(70_000, 5);
    await storage.putBytes(`users/${alice.user_id}/probe.mkv`, data, "video/x-matroska");
    let seen = "";
    const size = await storage.withLocalFile(`users/${alice.user_id}/probe.mkv`, async (p) => {
      seen = p;
      expect(p.endsWith("probe.mkv")).toBe(true);
      expect(fs.readFileSync(p).equals(data)).toBe(true);
      return fs.statSync(p).size;
    });
    expect(size).toBe(data.length);
    expect(fs.existsSync(seen)).toBe(false);
    expect(fs.existsSync(path.dirname(seen))).toBe(false);
    // The driver throws a storage kind; the HTTP answer (404 {detail}) is asserted at the routes
    // (download-url and DELETE /storage/files above).
    await expect(storage.withLocalFile(`users/${alice.user_id}/missing.mkv`, async () => 1)).rejects.toMatchObject({
      kind: "not-found",
      message: "File not found",
    });
  });

  it("putFile, list, deletePrefix", async () => {
    const storage = getStorage();
    const tmp = path.join(os.tmpdir(), `va-s3-put-${process.pid}.m3u8`);
    fs.writeFileSync(tmp, "#EXTM3U\n");
    try {
      const prefix = `results/${alice.user_id}/job9/`;
      await storage.putFile(`${prefix}index.m3u8`, tmp, "application/vnd.apple.mpegurl");
      await storage.putBytes(`${prefix}seg0.ts`, new Uint8Array(188), "video/mp2t");
      await storage.putBytes(`${prefix}thumb.jpg`, "jpg", "image/jpeg");
      const listed = await storage.list(prefix);
      expect(listed.map((o) => [o.key, o.size])).toEqual([
        [`${prefix}index.m3u8`, 8],
        [`${prefix}seg0.ts`, 188],
        [`${prefix}thumb.jpg`, 3],
      ]);
      expect((await storage.getBytes(`${prefix}index.m3u8`)).toString()).toBe("#EXTM3U\n");
      await storage.deletePrefix(prefix);
      expect(await storage.list(prefix)).toEqual([]);
      await storage.delete(`${prefix}already-gone.ts`);
      await expect(storage.getBytes(`${prefix}index.m3u8`)).rejects.toMatchObject({ kind: "not-found" });
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  });
});
