// Storage endpoints with the local driver: real files in a temp DATA_DIR, real presigned PUT/GET
// through the object route.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const DATA_DIR = await vi.hoisted(async () => (await import("../helpers/local-storage-env")).localStorageEnv("storage"));

import { getDb } from "@/db/client";
import { getVideoByStoragePath, insertVideo } from "@/db/queries/videos";
import { MAX_UPLOAD_BYTES, SUPPORTED_EXTENSIONS } from "@/lib/storage/paths";
import { getStorage } from "@/lib/storage";
import { CONTENT_TYPE_HINT } from "@/lib/storage/errors";
import { call } from "../helpers/api";
import { useTestDb } from "../helpers/db";
import { dispatch } from "../helpers/routes";
import { makeUser, type TestUser } from "../helpers/users";

useTestDb();

const STORAGE = path.join(DATA_DIR, "storage");
const TMP = path.join(STORAGE, ".tmp");
const NOT_OWNED = "Storage path does not belong to this user";

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  alice = await makeUser("alice@example.com");
  bob = await makeUser("bob@example.com");
});
afterAll(() => fs.rmSync(DATA_DIR, { recursive: true, force: true }));

function bytes(n: number, seed = 1): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + seed) & 0xff;
  return b;
}

async function uploadUrl(auth: string, body: Record<string, unknown>) {
  const res = await call("POST", "/storage/upload-url", { auth, body });
  expect(res.status, res.text).toBe(200);
  return res.body as { upload_url: string; file_path: string; sanitized_filename: string; original_filename: string };
}

function put(url: string, body: BodyInit | null, headers: Record<string, string> = { "content-type": "video/mp4" }) {
  return dispatch(new Request(url, { method: "PUT", headers, body, duplex: "half" } as RequestInit));
}

async function upload(auth: string, fileName: string, data: Buffer) {
  const created = await uploadUrl(auth, { file_name: fileName });
  const res = await put(created.upload_url, new Uint8Array(data));
  expect(res.status, await res.clone().text()).toBe(200);
  return created;
}

function tempFiles(): string[] {
  return fs.existsSync(TMP) ? fs.readdirSync(TMP) : [];
}

async function atTime<T>(ms: number, fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ now: ms, toFake: ["Date"] });
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

describe("POST /api/storage/upload-url", () => {
  it("200 with a presigned URL, the sanitized users/<user_id>/ path and the documented fields", async () => {
    const res = await call("POST", "/storage/upload-url", { auth: alice.api_key, body: { file_name: "My Holiday (2026)!.mp4" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      file_path: `users/${alice.user_id}/My_Holiday_2026.mp4`,
      public_url: "",
      user_id: alice.user_id,
      sanitized_filename: "My_Holiday_2026.mp4",
      original_filename: "My Holiday (2026)!.mp4",
      expires_at: null,
    });
    const url = new URL(res.body.upload_url);
    expect(url.origin).toBe("http://localhost");
    expect(url.pathname).toBe(`/api/storage/object/users/${alice.user_id}/My_Holiday_2026.mp4`);
    expect(Number(url.searchParams.get("expires")) - Date.now() / 1000).toBeGreaterThan(3590);
    expect(Number(url.searchParams.get("expires")) - Date.now() / 1000).toBeLessThanOrEqual(3600);
    expect(url.searchParams.get("sig")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("expires_in sets the lifetime (300 to 7200)", async () => {
    for (const expires_in of [300, 7200]) {
      const { upload_url } = await uploadUrl(alice.api_key, { file_name: "a.mp4", expires_in });
      const left = Number(new URL(upload_url).searchParams.get("expires")) - Date.now() / 1000;
      expect(left).toBeGreaterThan(expires_in - 10);
      expect(left).toBeLessThanOrEqual(expires_in);
    }
  });

  it.each([
    [299, "expires_in: must be at least 300"],
    [0, "expires_in: must be at least 300"],
    [7201, "expires_in: must be at most 7200"],
    [1000.5, "expires_in: must be an integer"],
    ["3600", "expires_in: must be a number"],
  ])("400 for expires_in %j", async (expires_in, detail) => {
    const res = await call("POST", "/storage/upload-url", { auth: alice.api_key, body: { file_name: "a.mp4", expires_in } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
  });

  it("400 naming file_name when neither file_name nor key is given", async () => {
    const res = await call("POST", "/storage/upload-url", { auth: alice.api_key, body: { content_type: "video/mp4" } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^file_name: is required/);
    const empty = await call("POST", "/storage/upload-url", { auth: alice.api_key, body: { file_name: "" } });
    expect(empty.body.detail).toBe("file_name: must not be empty");
  });

  it("accepts the 19 supported extensions in any case", async () => {
    expect(SUPPORTED_EXTENSIONS).toHaveLength(19);
    for (const ext of SUPPORTED_EXTENSIONS) {
      for (const name of [`clip${ext}`, `CLIP${ext.toUpperCase()}`]) {
        const res = await call("POST", "/storage/upload-url", { auth: alice.api_key, body: { file_name: name } });
        expect(res.status, name).toBe(200);
        expect(res.body.sanitized_filename).toBe(name);
      }
    }
  });

  it.each([
    ["virus.exe", "Unsupported file extension: .exe"],
    ["VIRUS.EXE", "Unsupported file extension: .exe"],
    ["notes.txt", "Unsupported file extension: .txt"],
    ["video.mp4.exe", "Unsupported file extension: .exe"],
    ["video", "Unsupported file extension: (none)"],
  ])("400 %s → %s", async (file_name, detail) => {
    const res = await call("POST", "/storage/upload-url", { auth: alice.api_key, body: { file_name } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
  });

  it("sanitizes: whitespace to underscores, special characters removed, path separators stripped", async () => {
    const cases: [string, string][] = [
      ["a b\tc.mp4", "a_b_c.mp4"],
      ["../../../etc/evil.mp4", "etcevil.mp4"],
      ["..\\..\\win.mov", "win.mov"],
      [`users/${bob.user_id}/steal.mp4`, `users${bob.user_id}steal.mp4`],
      ["$#@!.mkv", "file.mkv"],
    ];
    for (const [input, expected] of cases) {
      const res = await uploadUrl(alice.api_key, { file_name: input });
      expect(res.sanitized_filename).toBe(expected);
      expect(res.file_path).toBe(`users/${alice.user_id}/${expected}`);
      expect(res.original_filename).toBe(input);
    }
  });

  it("a name that already exists gets a short unique suffix before the extension", async () => {
    const first = await upload(alice.api_key, "dup clip.mp4", bytes(10));
    expect(first.file_path).toBe(`users/${alice.user_id}/dup_clip.mp4`);
    const second = await uploadUrl(alice.api_key, { file_name: "dup clip.mp4" });
    expect(second.file_path).toMatch(new RegExp(`^users/${alice.user_id}/dup_clip_[0-9a-f]{6}\\.mp4$`));
    expect(second.sanitized_filename).toBe(path.posix.basename(second.file_path));
    expect(second.original_filename).toBe("dup clip.mp4");
    // Another user's file of the same name is no collision.
    expect((await uploadUrl(bob.api_key, { file_name: "dup clip.mp4" })).file_path).toBe(`users/${bob.user_id}/dup_clip.mp4`);
  });

  it("the legacy key is resolved in the caller's area", async () => {
    expect((await uploadUrl(alice.api_key, { key: "legacy.mp4" })).file_path).toBe(`users/${alice.user_id}/legacy.mp4`);
    const nested = await uploadUrl(alice.api_key, { key: `users/${alice.user_id}/2026/my clip.mov` });
    expect(nested.file_path).toBe(`users/${alice.user_id}/2026/my_clip.mov`);
    expect(nested.original_filename).toBe("my clip.mov");
    const bad = await call("POST", "/storage/upload-url", { auth: alice.api_key, body: { key: "legacy.exe" } });
    expect([bad.status, bad.body.detail]).toEqual([400, "Unsupported file extension: .exe"]);
  });

  it.each([
    () => `users/${bob.user_id}/x.mp4`,
    () => `results/${bob.user_id}/x.mp4`,
    () => `results/${alice.user_id}/x.mp4`,
    () => "../x.mp4",
    () => `users/${alice.user_id}/../${bob.user_id}/x.mp4`,
    () => "%2e%2e/x.mp4",
    () => "%252e%252e/x.mp4",
    () => "a\\..\\x.mp4",
    () => "/etc/x.mp4",
  ])("403 for a key outside the caller's users/ area (%#)", async (key) => {
    const res = await call("POST", "/storage/upload-url", { auth: alice.api_key, body: { key: key() } });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(NOT_OWNED);
  });

  it("400 for a content_type that is not a media type", async () => {
    const res = await call("POST", "/storage/upload-url", {
      auth: alice.api_key,
      body: { file_name: "a.mp4", content_type: "video/mp4\r\nX-Evil: 1" },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("content_type: must be a media type such as video/mp4");
  });

  it("401 without credentials, 413 for a body over 1 MiB", async () => {
    const res = await call("POST", "/storage/upload-url", { body: { file_name: "a.mp4" } });
    expect([res.status, res.body.detail]).toEqual([401, "Missing Authorization header"]);
    const big = await call("POST", "/storage/upload-url", {
      auth: alice.api_key,
      body: { file_name: "a.mp4", pad: "x".repeat(1024 * 1024) },
    });
    expect([big.status, big.body.detail]).toEqual([413, "Request body too large"]);
  });
});

describe("PUT /api/storage/object/{key} (presigned upload)", () => {
  it("200 {ok, key, size}: the bytes land atomically, no temp file remains", async () => {
    const data = bytes(300_000);
    const created = await uploadUrl(alice.api_key, { file_name: "put.mp4" });
    const res = await put(created.upload_url, new Uint8Array(data));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, key: created.file_path, size: data.length });
    expect(fs.readFileSync(path.join(STORAGE, created.file_path)).equals(data)).toBe(true);
    expect(tempFiles()).toEqual([]);
  });

  it("a custom content type must be sent as signed; an empty body stores an empty file", async () => {
    const created = await uploadUrl(alice.api_key, { file_name: "q.mov", content_type: "video/quicktime" });
    expect((await put(created.upload_url, "x", { "content-type": "video/mp4" })).status).toBe(403);
    const ok = await put(created.upload_url, null, { "content-type": "Video/QuickTime" });
    expect(ok.status).toBe(200);
    expect((await ok.json()).size).toBe(0);
  });

  it("403 Upload URL expired or invalid, exactly: tampered signature, key or expiry, a download URL (no hint)", async () => {
    const created = await uploadUrl(alice.api_key, { file_name: "tamper.mp4" });
    const u = new URL(created.upload_url);
    const sig = u.searchParams.get("sig")!;
    const variants: [string, Record<string, string>][] = [];
    const flip = new URL(u);
    flip.searchParams.set("sig", (sig[0] === "A" ? "B" : "A") + sig.slice(1));
    variants.push([flip.toString(), { "content-type": "video/mp4" }]);
    const later = new URL(u);
    later.searchParams.set("expires", String(Number(u.searchParams.get("expires")) + 100));
    variants.push([later.toString(), { "content-type": "video/mp4" }]);
    const otherKey = new URL(u);
    otherKey.pathname = otherKey.pathname.replace("tamper.mp4", "other.mp4");
    variants.push([otherKey.toString(), { "content-type": "video/mp4" }]);
    const otherUser = new URL(u);
    otherUser.pathname = otherUser.pathname.replace(alice.user_id, bob.user_id);
    variants.push([otherUser.toString(), { "content-type": "video/mp4" }]);
    const noSig = new URL(u);
    noSig.searchParams.delete("sig");
    variants.push([noSig.toString(), { "content-type": "video/mp4" }]);
    // The URL's own content_type changed to match a wrong Content-Type: still tampered, no hint.
    const otherType = new URL(u);
    otherType.searchParams.set("content_type", "video/webm");
    variants.push([otherType.toString(), { "content-type": "video/webm" }]);
    // Tampered and a wrong Content-Type: the hint would mislead.
    variants.push([flip.toString(), { "content-type": "video/webm" }]);
    variants.push([later.toString(), { "content-type": "video/webm" }]);
    await upload(alice.api_key, "existing.mp4", bytes(5));
    const dl = await call("POST", "/storage/download-url", { auth: alice.api_key, body: { key: "existing.mp4" } });
    variants.push([dl.body.url, { "content-type": "video/mp4" }]);
    expect(variants).toHaveLength(9);
    for (const [url, headers] of variants) {
      const res = await put(url, "data", headers);
      expect(res.status, url).toBe(403);
      expect(await res.json(), url).toEqual({ detail: "Upload URL expired or invalid" });
    }
    expect(fs.existsSync(path.join(STORAGE, created.file_path))).toBe(false);
    expect(tempFiles()).toEqual([]);
  });

  it("403 Upload URL expired or invalid with a hint beside it when only the Content-Type differs from the signed one", async () => {
    const created = await uploadUrl(alice.api_key, { file_name: "wrongtype.mov", content_type: "video/quicktime" });
    for (const headers of [{ "content-type": "video/mp4" }, {}] as Record<string, string>[]) {
      const res = await put(created.upload_url, "data", headers);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        detail: "Upload URL expired or invalid",
        hint: CONTENT_TYPE_HINT,
        expected_content_type: "video/quicktime",
      });
    }
    expect(fs.existsSync(path.join(STORAGE, created.file_path))).toBe(false);
    expect((await put(created.upload_url, "data", { "content-type": " video/QuickTime " })).status).toBe(200);
  });

  it("403 Upload URL expired or invalid after expires_in, without a hint even with a wrong Content-Type", async () => {
    const created = await uploadUrl(alice.api_key, { file_name: "late.mp4", expires_in: 300 });
    for (const ct of ["video/mp4", "video/webm"]) {
      const res = await atTime(Date.now() + 301_000, () => put(created.upload_url, "late", { "content-type": ct }));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ detail: "Upload URL expired or invalid" });
    }
    // Still valid just before.
    const ok = await atTime(Date.now() + 290_000, () => put(created.upload_url, "ok"));
    expect(ok.status).toBe(200);
  });

  it("413 at once when the declared Content-Length is above 4 GB", async () => {
    const created = await uploadUrl(alice.api_key, { file_name: "huge.mp4" });
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        c.enqueue(new Uint8Array(1024));
      },
    });
    const res = await put(created.upload_url, body, {
      "content-type": "video/mp4",
      "content-length": String(MAX_UPLOAD_BYTES + 1),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).detail).toBe("File too large (maximum 4 GB)");
    expect(pulled).toBeLessThanOrEqual(2);
    expect(tempFiles()).toEqual([]);
  });

  it("413 when the streamed body passes 4 GB: cut off, temp file removed, memory stays flat", async () => {
    const created = await uploadUrl(alice.api_key, { file_name: "endless.mp4" });
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent > MAX_UPLOAD_BYTES + 8 * chunk.length) return c.close();
        sent += chunk.length;
        c.enqueue(chunk);
      },
    });
    global.gc?.();
    const before = process.memoryUsage.rss();
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
    let sawTemp = false;
    const watch = setInterval(() => (sawTemp ||= tempFiles().length > 0), 200);
    try {
      const res = await put(created.upload_url, body);
      expect(res.status).toBe(413);
      expect((await res.json()).detail).toBe("File too large (maximum 4 GB)");
    } finally {
      clearInterval(timer);
      clearInterval(watch);
    }
    expect(sawTemp).toBe(true);
    expect(sent).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(sent).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 4 * chunk.length);
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
    expect(tempFiles()).toEqual([]);
    expect(fs.existsSync(path.join(STORAGE, created.file_path))).toBe(false);
  }, 180_000);

  it("a body that ends short of its declared Content-Length is not stored", async () => {
    const created = await uploadUrl(alice.api_key, { file_name: "short.mp4" });
    const res = await put(created.upload_url, new Uint8Array(500), { "content-type": "video/mp4", "content-length": "1000" });
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toBe("Upload interrupted before it completed");
    expect(tempFiles()).toEqual([]);
    expect(fs.existsSync(path.join(STORAGE, created.file_path))).toBe(false);
  });

  it("a killed upload (the body stream errors midway) leaves nothing behind", async () => {
    const created = await uploadUrl(alice.api_key, { file_name: "killed.mp4" });
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent >= 5 * 1024 * 1024) return c.error(new Error("connection reset"));
        sent += 256 * 1024;
        c.enqueue(new Uint8Array(256 * 1024));
      },
    });
    const res = await put(created.upload_url, body);
    expect(res.status).toBe(400);
    expect((await res.json()).detail).toBe("Upload interrupted before it completed");
    expect(tempFiles()).toEqual([]);
    expect(fs.existsSync(path.join(STORAGE, created.file_path))).toBe(false);
  });
});

describe("POST /api/storage/download-url and GET /api/storage/object/{key}", () => {
  const data = bytes(100_000, 7);
  let filePath: string;
  beforeAll(async () => {
    filePath = (await upload(alice.api_key, "movie.mp4", data)).file_path;
  });

  async function downloadUrl(body: Record<string, unknown>, auth = alice.api_key): Promise<string> {
    const res = await call("POST", "/storage/download-url", { auth, body });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body)).toEqual(["url"]);
    return res.body.url;
  }

  const get = (url: string, headers: Record<string, string> = {}, method = "GET") =>
    dispatch(new Request(url, { method, headers }));

  it("200 with the whole file, by key, by file_path or by a name relative to users/<user_id>/", async () => {
    for (const body of [{ key: filePath }, { file_path: filePath }, { key: "movie.mp4" }]) {
      const url = await downloadUrl(body);
      expect(new URL(url).pathname).toBe(`/api/storage/object/${filePath}`);
      const res = await get(url);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("video/mp4");
      expect(res.headers.get("accept-ranges")).toBe("bytes");
      expect(res.headers.get("content-length")).toBe(String(data.length));
      expect(res.headers.get("content-disposition")).toContain('filename="movie.mp4"');
      expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
    }
  });

  it("206 for a Range, with Content-Range and exactly those bytes", async () => {
    const url = await downloadUrl({ key: filePath });
    const cases: [string, number, number][] = [
      ["bytes=10-19", 10, 19],
      ["bytes=99990-", 99990, 99999],
      ["bytes=-5", 99995, 99999],
      ["bytes=0-0", 0, 0],
      ["bytes=99000-200000", 99000, 99999],
    ];
    for (const [range, start, end] of cases) {
      const res = await get(url, { range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get("content-range")).toBe(`bytes ${start}-${end}/${data.length}`);
      expect(res.headers.get("content-length")).toBe(String(end - start + 1));
      expect(Buffer.from(await res.arrayBuffer()).equals(data.subarray(start, end + 1))).toBe(true);
    }
  });

  it("a request aborted before its body is read leaves no file open (Next drops such a body without cancelling it)", async () => {
    const url = await downloadUrl({ key: filePath });
    const file = fs.realpathSync(path.join(STORAGE, filePath));
    const openOnFile = () =>
      fs.readdirSync("/proc/self/fd").filter((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
        } catch {
          return false; // the directory's own descriptor, gone by the time it is read
        }
      }).length;
    expect(openOnFile()).toBe(0);
    const aborted = new AbortController();
    const res = await dispatch(new Request(url, { headers: { range: "bytes=10-" }, signal: aborted.signal }));
    expect(res.status).toBe(206);
    expect(openOnFile()).toBe(1);
    aborted.abort();
    await vi.waitFor(() => expect(openOnFile()).toBe(0), { timeout: 2_000 });
    // Already gone when the answer is ready: the handle is closed at once.
    const gone = new AbortController();
    gone.abort();
    expect((await dispatch(new Request(url, { signal: gone.signal }))).status).toBe(200);
    await vi.waitFor(() => expect(openOnFile()).toBe(0), { timeout: 2_000 });
  });

  it("416 for an unsatisfiable range; a malformed one is ignored", async () => {
    const url = await downloadUrl({ key: filePath });
    for (const range of [`bytes=${data.length}-`, "bytes=200000-300000", "bytes=-0"]) {
      const res = await get(url, { range });
      expect(res.status, range).toBe(416);
      expect(res.headers.get("content-range")).toBe(`bytes */${data.length}`);
    }
    const res = await get(url, { range: "items=0-5" });
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(data.length);
  });

  it("HEAD answers the size and type without a body", async () => {
    const url = await downloadUrl({ key: filePath });
    const res = await get(url, {}, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String(data.length));
    expect(await res.text()).toBe("");
  });

  it("content types by extension (m3u8, ts, jpg, json)", async () => {
    const storage = getStorage();
    const cases: [string, string][] = [
      ["index.m3u8", "application/vnd.apple.mpegurl"],
      ["seg0.ts", "video/mp2t"],
      ["thumb.jpg", "image/jpeg"],
      ["report.json", "application/json"],
    ];
    for (const [name, type] of cases) {
      const key = `results/${alice.user_id}/job1/${name}`;
      await storage.putBytes(key, "content", type);
      const res = await get(await downloadUrl({ key }));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(await res.text()).toBe("content");
    }
  });

  it("404 File not found when the object does not exist (before and after signing)", async () => {
    const res = await call("POST", "/storage/download-url", { auth: alice.api_key, body: { key: "nope.mp4" } });
    expect([res.status, res.body.detail]).toEqual([404, "File not found"]);
    const { file_path } = await upload(alice.api_key, "short-lived.mp4", bytes(3));
    const url = await downloadUrl({ key: file_path });
    await getStorage().delete(file_path);
    const gone = await get(url);
    expect(gone.status).toBe(404);
    expect((await gone.json()).detail).toBe("File not found");
  });

  it("400 naming key when neither key nor file_path is given", async () => {
    const res = await call("POST", "/storage/download-url", { auth: alice.api_key, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^key: is required/);
  });

  it.each([
    () => `users/${bob.user_id}/x.mp4`,
    () => `results/${bob.user_id}/x.mp4`,
    () => `users/${alice.user_id}/../${bob.user_id}/movie.mp4`,
    () => "../movie.mp4",
    () => "..",
    () => "%2e%2e/%2e%2e/etc/passwd",
    () => `%2e%2e%2f${bob.user_id}%2fx.mp4`,
    () => "%252e%252e/x.mp4",
    () => `users%2F${bob.user_id}%2Fx.mp4`,
    () => "..\\..\\x.mp4",
    () => `users\\${bob.user_id}\\x.mp4`,
    () => "/etc/passwd",
    () => `/users/${alice.user_id}/movie.mp4`,
    () => "./movie.mp4",
    () => "movie.mp4\u0000.jpg",
  ])("403 Storage path does not belong to this user (%#)", async (key) => {
    for (const body of [{ key: key() }, { file_path: key() }]) {
      const res = await call("POST", "/storage/download-url", { auth: alice.api_key, body });
      expect(res.status).toBe(403);
      expect(res.body.detail).toBe(NOT_OWNED);
    }
  });

  it("another user cannot name alice's file", async () => {
    const res = await call("POST", "/storage/download-url", { auth: bob.api_key, body: { key: filePath } });
    expect([res.status, res.body.detail]).toEqual([403, NOT_OWNED]);
  });

  it("403 Download URL expired or invalid: tampered, expired, an upload URL", async () => {
    const url = new URL(await downloadUrl({ key: filePath }));
    const bad: string[] = [];
    const sig = url.searchParams.get("sig")!;
    const flip = new URL(url);
    flip.searchParams.set("sig", (sig[0] === "A" ? "B" : "A") + sig.slice(1));
    bad.push(flip.toString());
    const other = new URL(url);
    other.pathname = other.pathname.replace(alice.user_id, bob.user_id);
    bad.push(other.toString());
    const renamed = new URL(url);
    renamed.searchParams.set("filename", "evil.html");
    bad.push(renamed.toString());
    bad.push((await uploadUrl(alice.api_key, { file_name: "up.mp4" })).upload_url);
    for (const u of bad) {
      for (const method of ["GET", "HEAD"]) {
        const res = await get(u, {}, method);
        expect(res.status, `${method} ${u}`).toBe(403);
        if (method === "GET") expect((await res.json()).detail).toBe("Download URL expired or invalid");
      }
    }
    const expired = await atTime(Date.now() + 3601_000, () => get(url.toString()));
    expect(expired.status).toBe(403);
    expect((await expired.json()).detail).toBe("Download URL expired or invalid");
  });
});

describe("GET /api/storage/files", () => {
  it("lists only the caller's files with name, size, lastModified (Z), publicUrl and filePath", async () => {
    const a = await upload(alice.api_key, "listed.mp4", bytes(1234));
    await upload(bob.api_key, "bobs.mp4", bytes(10));
    const res = await call("GET", "/storage/files", { auth: alice.api_key });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.user_id).toBe(alice.user_id);
    const f = res.body.files.find((x: any) => x.filePath === a.file_path);
    expect(f).toEqual({
      name: "listed.mp4",
      size: 1234,
      lastModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      publicUrl: "",
      filePath: a.file_path,
    });
    expect(Math.abs(Date.parse(f.lastModified) - Date.now())).toBeLessThan(60_000);
    for (const file of res.body.files) expect(file.filePath.startsWith(`users/${alice.user_id}/`)).toBe(true);
    expect(res.body.files.some((x: any) => x.name === "bobs.mp4")).toBe(false);
    // results/ objects of the user are not part of the file list.
    expect(res.body.files.some((x: any) => x.filePath.startsWith("results/"))).toBe(false);
  });

  it("prefix narrows the list inside users/<user_id>/", async () => {
    await uploadUrl(alice.api_key, { key: "sub/one.mp4" }).then((c) => put(c.upload_url, "1"));
    await uploadUrl(alice.api_key, { key: "sub/two.mp4" }).then((c) => put(c.upload_url, "22"));
    for (const prefix of ["sub/", `users/${alice.user_id}/sub/`, "sub"]) {
      const res = await call("GET", `/storage/files?prefix=${encodeURIComponent(prefix)}`, { auth: alice.api_key });
      expect(res.status).toBe(200);
      expect(res.body.files.map((f: any) => [f.name, f.size])).toEqual([
        ["sub/one.mp4", 1],
        ["sub/two.mp4", 2],
      ]);
    }
    const none = await call("GET", "/storage/files?prefix=nothing-here", { auth: alice.api_key });
    expect(none.body.files).toEqual([]);
  });

  it("403 for a prefix outside users/<user_id>/", async () => {
    for (const prefix of [`users/${bob.user_id}/`, `results/${alice.user_id}/`, "../", "%2e%2e/", "/etc", "a\\b"]) {
      const res = await call("GET", `/storage/files?prefix=${encodeURIComponent(prefix)}`, { auth: alice.api_key });
      expect(res.status, prefix).toBe(403);
      expect(res.body.detail).toBe(NOT_OWNED);
    }
  });

  it("publicUrl and public_url use STORAGE_PUBLIC_URL when set", async () => {
    process.env.STORAGE_PUBLIC_URL = "https://cdn.example.com/";
    try {
      const created = await uploadUrl(alice.api_key, { file_name: "public.mp4" });
      expect(created).toMatchObject({ public_url: `https://cdn.example.com/${created.file_path}` });
      await put(created.upload_url, "p");
      const res = await call("GET", "/storage/files?prefix=public", { auth: alice.api_key });
      expect(res.body.files[0].publicUrl).toBe(`https://cdn.example.com/${created.file_path}`);
    } finally {
      delete process.env.STORAGE_PUBLIC_URL;
    }
  });
});

describe("DELETE /api/storage/files", () => {
  it("deletes the file and the videos registered with it", async () => {
    const { file_path } = await upload(alice.api_key, "to-delete.mp4", bytes(50));
    const db = await getDb();
    await insertVideo(db, { userId: alice.user_id, jobId: crypto.randomUUID(), name: "to-delete.mp4", storagePath: file_path });
    const res = await call("DELETE", `/storage/files?key=${encodeURIComponent(file_path)}`, { auth: alice.api_key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, ok: true });
    expect(fs.existsSync(path.join(STORAGE, file_path))).toBe(false);
    expect(await getVideoByStoragePath(db, { userId: alice.user_id, storagePath: file_path })).toBeNull();
    const list = await call("GET", "/storage/files", { auth: alice.api_key });
    expect(list.body.files.some((f: any) => f.filePath === file_path)).toBe(false);
    const again = await call("DELETE", `/storage/files?key=${encodeURIComponent(file_path)}`, { auth: alice.api_key });
    expect([again.status, again.body.detail]).toEqual([404, "File not found"]);
  });

  it("accepts a name relative to users/<user_id>/", async () => {
    const { file_path } = await upload(alice.api_key, "relative.mp4", bytes(5));
    const res = await call("DELETE", "/storage/files?key=relative.mp4", { auth: alice.api_key });
    expect(res.status).toBe(200);
    expect(fs.existsSync(path.join(STORAGE, file_path))).toBe(false);
  });

  it("400 without key, 404 for a missing file, 403 for another user's or a traversal path", async () => {
    const missing = await call("DELETE", "/storage/files", { auth: alice.api_key });
    expect([missing.status, missing.body.detail]).toEqual([400, "key: is required"]);
    const nope = await call("DELETE", "/storage/files?key=nope.mp4", { auth: alice.api_key });
    expect([nope.status, nope.body.detail]).toEqual([404, "File not found"]);
    const { file_path } = await upload(bob.api_key, "bob-keeps.mp4", bytes(5));
    for (const key of [file_path, `../${bob.user_id}/bob-keeps.mp4`, `%2e%2e/%2e%2e/${file_path}`, `..\\${bob.user_id}\\bob-keeps.mp4`, `/${file_path}`]) {
      const res = await call("DELETE", `/storage/files?key=${encodeURIComponent(key)}`, { auth: alice.api_key });
      expect([res.status, res.body.detail], key).toEqual([403, NOT_OWNED]);
    }
    expect(fs.existsSync(path.join(STORAGE, file_path))).toBe(true);
  });
});

describe("OpenAPI", () => {
  it("documents the storage endpoints, the object routes without auth", async () => {
    const res = await call("GET", "/openapi.json");
    const paths = res.body.paths;
    expect(Object.keys(paths["/storage/upload-url"])).toEqual(["post"]);
    expect(Object.keys(paths["/storage/download-url"])).toEqual(["post"]);
    expect(Object.keys(paths["/storage/files"]).sort()).toEqual(["delete", "get"]);
    const obj = paths["/storage/object/{key}"];
    expect(Object.keys(obj).sort()).toEqual(["get", "head", "put"]);
    for (const op of Object.values(obj) as any[]) expect(op.security).toEqual([]);
  });
});
