// Upload PUTs in the production server: scripts/edge-guard.cjs (loaded before Next) lends the
// socket's IncomingMessage to the storage PUT routes, which stream it to disk without reading the
// web body Next wraps around it. Here the guard is loaded into the tests' HTTP server, which hands
// the route handlers their request the way Next does (the IncomingMessage as the web body, untouched).
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

const DATA_DIR = await vi.hoisted(async () => (await import("../helpers/local-storage-env")).localStorageEnv("raw-body"));

import "../../scripts/edge-guard.cjs";
import { call } from "../helpers/api";
import { complete, createUpload, MIB, partBytes, partUrls, pattern, storedParts } from "../helpers/multipart";
import { useTestDb } from "../helpers/db";
import { useHttpServer } from "../helpers/http-server";
import { makeUser, type TestUser } from "../helpers/users";

useTestDb();

/** What the handlers saw of each request: the header the guard set, whether the web body was read. */
const seen: { url: string; rawBodyHeader: string | null; webBodyRead: boolean }[] = [];
const server = useHttpServer({
  untouchedBody: true,
  observe: (request, req) => seen.push({ url: req.url ?? "", rawBodyHeader: request.headers.get("x-va-raw-body"), webBodyRead: request.bodyUsed }),
});
let alice: TestUser;

beforeAll(async () => {
  alice = await makeUser("alice@example.com");
});
afterAll(() => fs.rmSync(DATA_DIR, { recursive: true, force: true }));

const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, server.url);

/** A PUT with Content-Length that sends `send` bytes of `body` and then, if short, drops the connection. */
function rawPut(url: string, body: Buffer, opts: { send?: number; headers?: Record<string, string> } = {}) {
  const u = new URL(url);
  return new Promise<{ status: number; text: string } | "dropped">((resolve) => {
    const req = http.request({ host: u.hostname, port: u.port, method: "PUT", path: u.pathname + u.search, headers: { "Content-Length": String(body.length), ...opts.headers } });
    req.on("response", async (res) => {
      let text = "";
      for await (const c of res) text += c;
      resolve({ status: res.statusCode ?? 0, text });
    });
    req.on("error", () => resolve("dropped"));
    const send = opts.send ?? body.length;
    req.write(body.subarray(0, send), () => {
      if (send < body.length) setTimeout(() => req.destroy(), 100);
      else req.end();
    });
  });
}

describe("storage PUTs behind scripts/edge-guard.cjs", () => {
  it("a part goes to disk from the socket's stream (the web body is never read), byte for byte", async () => {
    const data = pattern(9 * MIB + 123, 5);
    const c = await createUpload(alice.api_key, { file_name: "raw.mp4", file_size: data.length });
    const urls = await partUrls(alice.api_key, c.upload_id, [1, 2]);
    for (const n of [2, 1]) {
      const res = await rawPut(local(urls.get(n)!), partBytes(data, c, n));
      expect(res !== "dropped" && res.status).toBe(200);
    }
    const parts = seen.filter((s) => s.url.includes(`/storage/multipart/${c.upload_id}/parts/`));
    expect(parts).toHaveLength(2);
    for (const p of parts) {
      expect(p.rawBodyHeader).toMatch(/^[0-9a-f-]{36}$/);
      expect(p.webBodyRead).toBe(false);
    }
    const done = await complete(alice.api_key, c.upload_id);
    expect(done.status, done.text).toBe(200);
    expect(fs.readFileSync(path.join(DATA_DIR, "storage", c.file_path)).equals(data)).toBe(true);
  });

  it("a part whose connection drops half-way is not stored, and the server carries on", async () => {
    const data = pattern(8 * MIB + 10, 6);
    const c = await createUpload(alice.api_key, { file_name: "dropped.mp4", file_size: data.length });
    const urls = await partUrls(alice.api_key, c.upload_id, [1, 2]);
    expect(await rawPut(local(urls.get(1)!), partBytes(data, c, 1), { send: 3 * MIB })).toBe("dropped");
    const ok = await rawPut(local(urls.get(2)!), partBytes(data, c, 2));
    expect(ok !== "dropped" && ok.status).toBe(200);
    await vi.waitFor(async () => expect((await storedParts(alice.api_key, c.upload_id)).map((p) => p.part_number)).toEqual([2]));
  });

  it("a single presigned PUT goes to disk the same way", async () => {
    const created = await call("POST", "/storage/upload-url", { auth: alice.api_key, body: { file_name: "whole.mp4" } });
    expect(created.status, created.text).toBe(200);
    const data = pattern(3 * MIB + 7, 8);
    const res = await rawPut(local(created.body.upload_url), data, { headers: { "Content-Type": "video/mp4" } });
    expect(res !== "dropped" && res.status).toBe(200);
    const put = seen.find((s) => s.url.startsWith("/api/storage/object/"));
    expect(put?.rawBodyHeader).toMatch(/^[0-9a-f-]{36}$/);
    expect(put?.webBodyRead).toBe(false);
    expect(fs.readFileSync(path.join(DATA_DIR, "storage", created.body.file_path)).equals(data)).toBe(true);
  });

  it("a client cannot choose the lent body: its own x-va-raw-body is replaced or removed", async () => {
    const forged = "00000000-0000-4000-8000-000000000000";
    const c = await createUpload(alice.api_key, { file_name: "forged.mp4", file_size: 6 * MIB });
    const urls = await partUrls(alice.api_key, c.upload_id, [1]);
    const res = await rawPut(local(urls.get(1)!), pattern(6 * MIB, 7), { headers: { "x-va-raw-body": forged } });
    expect(res !== "dropped" && res.status).toBe(200);
    const part = seen.find((s) => s.url.includes(`/storage/multipart/${c.upload_id}/parts/1`));
    expect(part?.rawBodyHeader).toMatch(/^[0-9a-f-]{36}$/);
    expect(part?.rawBodyHeader).not.toBe(forged);
    // Not a storage PUT: no body is lent, and the client's header does not reach the route.
    await fetch(`${server.url}/api/health`, { headers: { "x-va-raw-body": forged } });
    expect(seen.at(-1)?.rawBodyHeader).toBeNull();
  });
});
