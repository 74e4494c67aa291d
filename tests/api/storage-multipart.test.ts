// Resumable multipart uploads with the local driver: real files in a temp DATA_DIR, parts PUT
// through the signed part route, reassembled files compared byte for byte.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const DATA_DIR = await vi.hoisted(async () => (await import("../helpers/local-storage-env")).localStorageEnv("multipart"));

import { getDb } from "@/db/client";
import { MAX_UPLOAD_BYTES } from "@/lib/core/storage-limits";
import { sweepExpiredMultipartUploads } from "@/lib/storage/multipart";
import { call, GHOST } from "../helpers/api";
import { useTestDb } from "../helpers/db";
import { complete, createUpload, MIB, partBytes, partUrls, pattern, putParts, storedParts, type PutFn } from "../helpers/multipart";
import { dispatch } from "../helpers/routes";
import { makeUser, type TestUser } from "../helpers/users";

useTestDb();

const STORAGE = path.join(DATA_DIR, "storage");
const dataFile = (uploadId: string) => path.join(STORAGE, ".tmp", `mp-${uploadId}.data`);

const put: PutFn = (url, body, headers = {}) =>
  dispatch(new Request(url, { method: "PUT", headers, body, duplex: "half" } as RequestInit));

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  alice = await makeUser("alice@example.com");
  bob = await makeUser("bob@example.com");
});
afterAll(() => fs.rmSync(DATA_DIR, { recursive: true, force: true }));

describe("POST /api/storage/multipart", () => {
  it("201 with the file path, 8 MiB parts for a small file, their count and a 24 h expiry", async () => {
    const c = await createUpload(alice.api_key, { file_name: "Big Clip.mp4", file_size: 20 * MIB + 5 });
    expect(c.file_path).toBe(`users/${alice.user_id}/Big_Clip.mp4`);
    expect(c.part_size).toBe(8 * MIB);
    expect(c.part_count).toBe(3);
    const hours = (Date.parse(`${c.expires_at}Z`) - Date.now()) / 3600e3;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it("a 4 GiB declared file is accepted; one byte more is 413", async () => {
    const c = await createUpload(alice.api_key, { file_name: "four.mkv", file_size: MAX_UPLOAD_BYTES });
    expect(c.part_count * c.part_size).toBe(MAX_UPLOAD_BYTES);
    expect(c.part_size).toBe(64 * MIB);
    expect(c.part_count).toBeLessThanOrEqual(10_000);
    const over = await call("POST", "/storage/multipart", { auth: alice.api_key, body: { file_name: "x.mp4", file_size: MAX_UPLOAD_BYTES + 1 } });
    expect(over.status).toBe(413);
    expect(over.body).toEqual({ detail: "File too large (maximum 4 GB)" });
  });

  it("400 for a bad extension, an empty or missing size, no name", async () => {
    const exe = await call("POST", "/storage/multipart", { auth: alice.api_key, body: { file_name: "x.exe", file_size: 10 } });
    expect(exe.status).toBe(400);
    expect(exe.body).toEqual({ detail: "Unsupported file extension: .exe" });
    for (const body of [{ file_name: "a.mp4", file_size: 0 }, { file_name: "a.mp4" }, { file_size: 10 }, { file_name: "a.mp4", file_size: 1.5 }]) {
      const res = await call("POST", "/storage/multipart", { auth: alice.api_key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toMatch(/file_(size|name)/);
    }
  });

  it("two uploads of one name get different paths", async () => {
    const a = await createUpload(alice.api_key, { file_name: "same.mp4", file_size: 100 });
    const b = await createUpload(alice.api_key, { file_name: "same.mp4", file_size: 100 });
    expect(a.file_path).toBe(`users/${alice.user_id}/same.mp4`);
    expect(b.file_path).toMatch(new RegExp(`^users/${alice.user_id}/same_[0-9a-f]{6}\\.mp4$`));
  });
});

describe("parts, status and complete", () => {
  it("parts PUT in parallel and out of order are listed and assembled byte for byte", async () => {
    const data = pattern(17 * MIB + 123, 1);
    const c = await createUpload(alice.api_key, { file_name: "parallel.mp4", file_size: data.length });
    expect(c.part_count).toBe(3);
    const etags = await putParts(put, alice.api_key, c, data, [3, 1, 2]);
    const parts = await storedParts(alice.api_key, c.upload_id);
    expect(parts).toEqual([1, 2, 3].map((n) => ({ part_number: n, size: partBytes(data, c, n).length, etag: etags.get(n) })));
    const done = await complete(alice.api_key, c.upload_id, parts.map((p) => ({ part_number: p.part_number, etag: p.etag })));
    expect(done.status, done.text).toBe(200);
    expect(done.body).toEqual({ file_path: c.file_path, file_size: data.length });
    expect(fs.readFileSync(path.join(STORAGE, c.file_path)).equals(data)).toBe(true);
    expect(fs.existsSync(dataFile(c.upload_id))).toBe(false);
    expect((await call("GET", `/storage/multipart/${c.upload_id}`, { auth: alice.api_key })).status).toBe(404);
    const files = await call("GET", "/storage/files", { auth: alice.api_key });
    expect(files.body.files.map((f: { name: string }) => f.name)).toContain("parallel.mp4");
  });

  it("a part cut off mid-way is not stored; resuming sends only the missing part", async () => {
    const data = pattern(16 * MIB + 10, 2);
    const c = await createUpload(alice.api_key, { file_name: "resume.mp4", file_size: data.length });
    await putParts(put, alice.api_key, c, data, [1, 3]);
    const urls = await partUrls(alice.api_key, c.upload_id, [2]);
    const half = partBytes(data, c, 2).subarray(0, 4 * MIB);
    const broken = new ReadableStream<Uint8Array>({
      start(ctrl) {
        ctrl.enqueue(new Uint8Array(half));
        ctrl.error(new Error("network dropped"));
      },
    });
    const res = await put(urls.get(2)!, broken);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ detail: "Upload interrupted before it completed" });
    expect((await storedParts(alice.api_key, c.upload_id)).map((p) => p.part_number)).toEqual([1, 3]);
    const early = await complete(alice.api_key, c.upload_id);
    expect(early.status).toBe(400);
    expect(early.body).toEqual({ detail: "Parts not uploaded yet: 2" });
    await putParts(put, alice.api_key, c, data, [2]);
    const done = await complete(alice.api_key, c.upload_id);
    expect(done.status, done.text).toBe(200);
    expect(fs.readFileSync(path.join(STORAGE, c.file_path)).equals(data)).toBe(true);
  });

  it("part-size limits: more bytes is 413, fewer is 400, numbers beyond the upload are 400", async () => {
    const data = pattern(9 * MIB, 3);
    const c = await createUpload(alice.api_key, { file_name: "limits.mp4", file_size: data.length });
    const urls = await partUrls(alice.api_key, c.upload_id, [1, 2]);
    const big = await put(urls.get(2)!, new Uint8Array(MIB + 1));
    expect(big.status).toBe(413);
    expect((await big.json()).detail).toBe(`Part too large: part 2 must be exactly ${MIB} bytes`);
    const small = await put(urls.get(1)!, new Uint8Array(100));
    expect(small.status).toBe(400);
    expect((await small.json()).detail).toBe(`Part 1 must be exactly ${8 * MIB} bytes (got 100)`);
    expect(await storedParts(alice.api_key, c.upload_id)).toEqual([]);
    const beyond = await call("POST", `/storage/multipart/${c.upload_id}/parts`, { auth: alice.api_key, body: { part_numbers: [3] } });
    expect(beyond.status).toBe(400);
    expect(beyond.body.detail).toBe("part_numbers: 3 is out of range (this upload has parts 1 to 2)");
    for (const part_numbers of [[], [0], [1.5], Array.from({ length: 101 }, (_, i) => i + 1)]) {
      const res = await call("POST", `/storage/multipart/${c.upload_id}/parts`, { auth: alice.api_key, body: { part_numbers } });
      expect(res.status, JSON.stringify(part_numbers)).toBe(400);
      expect(res.body.detail).toMatch(/^part_numbers/);
    }
  });

  it("a part streamed too long never writes past its end: the stored neighbour stays intact", async () => {
    const data = pattern(9 * MIB, 9);
    const c = await createUpload(alice.api_key, { file_name: "overflow.mp4", file_size: data.length });
    await putParts(put, alice.api_key, c, data, [2]);
    // Part 1 in 1 MiB chunks without a declared length, then one chunk too many (0xee bytes).
    const one = partBytes(data, c, 1);
    const chunks = [...Array.from({ length: 8 }, (_, i) => one.subarray(i * MIB, (i + 1) * MIB)), Buffer.alloc(MIB, 0xee)];
    const body = new ReadableStream<Uint8Array>({
      pull(ctl) {
        const next = chunks.shift();
        if (next) ctl.enqueue(new Uint8Array(next));
        else ctl.close();
      },
    });
    const url = (await partUrls(alice.api_key, c.upload_id, [1])).get(1)!;
    const over = await put(url, body);
    expect(over.status).toBe(413);
    await putParts(put, alice.api_key, c, data, [1]);
    const done = await complete(alice.api_key, c.upload_id);
    expect(done.status, done.text).toBe(200);
    expect(fs.readFileSync(path.join(STORAGE, c.file_path)).equals(data)).toBe(true);
  });

  it("a tampered or foreign part URL is 403; complete checks the ETags it is given", async () => {
    const data = pattern(3000, 4);
    const c = await createUpload(alice.api_key, { file_name: "tamper.mp4", file_size: data.length });
    const url = (await partUrls(alice.api_key, c.upload_id, [1])).get(1)!;
    const other = await createUpload(alice.api_key, { file_name: "tamper2.mp4", file_size: data.length });
    const later = new URL(url);
    later.searchParams.set("expires", String(Number(later.searchParams.get("expires")) + 100));
    const bads = [url.replace(/sig=[^&]+/, "sig=" + "A".repeat(43)), url.replace(c.upload_id, other.upload_id), url.replace("/parts/1?", "/parts/2?"), later.toString()];
    for (const bad of bads) {
      // A Content-Type is not part of a part URL's signature: never a hint about it.
      const res = await put(bad, new Uint8Array(data), { "content-type": "text/plain" });
      expect(res.status, bad).toBe(403);
      expect(await res.json()).toEqual({ detail: "Upload URL expired or invalid" });
    }
    // Expired: an hour and a second later.
    vi.useFakeTimers({ now: Date.now() + 3601_000, toFake: ["Date"] });
    try {
      const late = await put(url, new Uint8Array(data));
      expect(late.status).toBe(403);
      expect(await late.json()).toEqual({ detail: "Upload URL expired or invalid" });
    } finally {
      vi.useRealTimers();
    }
    await putParts(put, alice.api_key, c, data, [1]);
    const wrong = await complete(alice.api_key, c.upload_id, [{ part_number: 1, etag: '"0123456789abcdef0123456789abcdef"' }]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe("parts: the etag of part 1 is not the stored part's");
    expect((await complete(alice.api_key, c.upload_id)).status).toBe(200);
  });

  it("a 4 GiB upload stores its last part at its offset and names the 63 missing ones", async () => {
    const c = await createUpload(alice.api_key, { file_name: "huge.mp4", file_size: MAX_UPLOAD_BYTES });
    const lastSize = MAX_UPLOAD_BYTES - (c.part_count - 1) * c.part_size;
    const url = (await partUrls(alice.api_key, c.upload_id, [c.part_count])).get(c.part_count)!;
    const res = await put(url, new Uint8Array(lastSize).fill(9));
    expect(res.status, await res.clone().text()).toBe(200);
    expect(fs.statSync(dataFile(c.upload_id)).size).toBe(MAX_UPLOAD_BYTES);
    const early = await complete(alice.api_key, c.upload_id);
    expect(early.status).toBe(400);
    expect(early.body.detail).toBe(`Parts not uploaded yet: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 … (63 in all)`);
    expect((await call("DELETE", `/storage/multipart/${c.upload_id}`, { auth: alice.api_key })).status).toBe(200);
    expect(fs.existsSync(dataFile(c.upload_id))).toBe(false);
  });

  it("complete refuses when a file appeared at the path meanwhile (409)", async () => {
    const data = pattern(2000, 5);
    const c = await createUpload(alice.api_key, { file_name: "race.mp4", file_size: data.length });
    await putParts(put, alice.api_key, c, data, [1]);
    fs.writeFileSync(path.join(STORAGE, c.file_path), "other");
    const res = await complete(alice.api_key, c.upload_id);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(`A file already exists at ${c.file_path}`);
    expect(fs.readFileSync(path.join(STORAGE, c.file_path), "utf8")).toBe("other");
  });
});

describe("abort, ownership and cleanup", () => {
  it("DELETE aborts: parts removed, then every call is 404", async () => {
    const data = pattern(1000, 6);
    const c = await createUpload(alice.api_key, { file_name: "abort.mp4", file_size: data.length });
    const url = (await partUrls(alice.api_key, c.upload_id, [1])).get(1)!;
    await putParts(put, alice.api_key, c, data, [1]);
    expect(fs.existsSync(dataFile(c.upload_id))).toBe(true);
    const res = await call("DELETE", `/storage/multipart/${c.upload_id}`, { auth: alice.api_key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(fs.existsSync(dataFile(c.upload_id))).toBe(false);
    expect((await call("GET", `/storage/multipart/${c.upload_id}`, { auth: alice.api_key })).body).toEqual({ detail: "Upload not found" });
    expect((await complete(alice.api_key, c.upload_id)).status).toBe(404);
    const late = await put(url, new Uint8Array(data));
    expect(late.status).toBe(404);
    expect(fs.existsSync(path.join(STORAGE, c.file_path))).toBe(false);
  });

  it("another user's upload, an unknown and a malformed id are 404 Upload not found", async () => {
    const c = await createUpload(alice.api_key, { file_name: "mine.mp4", file_size: 10 });
    const calls: [string, string, unknown?][] = [
      ["GET", `/storage/multipart/${c.upload_id}`],
      ["POST", `/storage/multipart/${c.upload_id}/parts`, { part_numbers: [1] }],
      ["POST", `/storage/multipart/${c.upload_id}/complete`, {}],
      ["DELETE", `/storage/multipart/${c.upload_id}`],
      ["GET", `/storage/multipart/${GHOST}`],
      ["GET", "/storage/multipart/not-a-uuid"],
    ];
    for (const [method, p, body] of calls) {
      const res = await call(method, p, { auth: bob.api_key, body });
      expect(res.status, `${method} ${p}`).toBe(404);
      expect(res.body).toEqual({ detail: "Upload not found" });
    }
    expect((await call("GET", `/storage/multipart/${c.upload_id}`, { auth: alice.api_key })).status).toBe(200);
    expect((await call("GET", `/storage/multipart/${c.upload_id}`)).status).toBe(401);
  });

  it("uploads older than 24 h are swept: parts removed, then 404", async () => {
    const data = pattern(1500, 8);
    const c = await createUpload(alice.api_key, { file_name: "stale.mp4", file_size: data.length });
    await putParts(put, alice.api_key, c, data, [1]);
    const db = await getDb();
    expect(await sweepExpiredMultipartUploads(db, { force: true })).toBe(0);
    expect(fs.existsSync(dataFile(c.upload_id))).toBe(true);
    const removed = await sweepExpiredMultipartUploads(db, { force: true, now: new Date(Date.now() + 24 * 3600e3 + 1000) });
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(dataFile(c.upload_id))).toBe(false);
    expect((await call("GET", `/storage/multipart/${c.upload_id}`, { auth: alice.api_key })).status).toBe(404);
  });

  it("the single-PUT upload URL keeps working beside it", async () => {
    const created = await call("POST", "/storage/upload-url", { auth: alice.api_key, body: { file_name: "single.mp4" } });
    expect(created.status).toBe(200);
    const res = await put(created.body.upload_url, new Uint8Array(pattern(5000)), { "content-type": "video/mp4" });
    expect(res.status).toBe(200);
    expect(fs.statSync(path.join(STORAGE, created.body.file_path)).size).toBe(5000);
  });
});
