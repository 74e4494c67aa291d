// No silent overwrite: two outstanding upload URLs never share a file_path, and an upload URL
// cannot replace a file a registered video stands on (409), so the video's probed facts stay true.
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { dispatch } from "../helpers/routes";
import { makeUser, type TestUser } from "../helpers/users";

process.env.STORAGE_DRIVER = "local";
process.env.APP_URL = "http://localhost";
useApiTestEnv("overwrite");

let alice: TestUser;
let clip: Buffer;
let other: Buffer;
beforeAll(async () => {
  alice = await makeUser("alice-ow@example.com");
  clip = fs.readFileSync(makeClip("ow-a.mp4", { seconds: 2 }));
  other = fs.readFileSync(makeClip("ow-b.mp4", { seconds: 4 }));
});

async function uploadUrl(name: string) {
  const res = await call("POST", "/storage/upload-url", { auth: alice.api_key, body: { file_name: name } });
  expect(res.status, res.text).toBe(200);
  return res.body as { upload_url: string; file_path: string };
}

function put(url: string, data: Buffer) {
  return dispatch(new Request(url, { method: "PUT", headers: { "content-type": "video/mp4" }, body: new Uint8Array(data) }));
}

describe("POST /api/storage/upload-url", () => {
  it("two outstanding URLs for one name get different file paths, and both uploads survive", async () => {
    const a = await uploadUrl("same-name.mp4");
    const b = await uploadUrl("same-name.mp4");
    expect(a.file_path).toBe(`users/${alice.user_id}/same-name.mp4`);
    expect(b.file_path).not.toBe(a.file_path);
    expect((await put(a.upload_url, clip)).status).toBe(200);
    expect((await put(b.upload_url, other)).status).toBe(200);
    const files = await call("GET", "/storage/files", { auth: alice.api_key });
    const sizes = Object.fromEntries(files.body.files.map((f: any) => [f.filePath, f.size]));
    expect(sizes[a.file_path]).toBe(clip.length);
    expect(sizes[b.file_path]).toBe(other.length);
  });
});

describe("PUT /api/storage/object/{key}", () => {
  it("409 when the file belongs to a registered video; the video keeps its duration and size", async () => {
    const u = await uploadUrl("registered.mp4");
    expect((await put(u.upload_url, clip)).status).toBe(200);
    const reg = await call("POST", "/processing/register-upload", { auth: alice.api_key, body: { file_path: u.file_path } });
    expect(reg.status, reg.text).toBe(200);
    const before = await call("GET", `/videos/${reg.body.job_id}`, { auth: alice.api_key });

    const again = await put(u.upload_url, other);
    expect(again.status).toBe(409);
    expect((await again.json()).detail).toMatch(/registered video/);

    const after = await call("GET", `/videos/${reg.body.job_id}`, { auth: alice.api_key });
    expect(after.body.duration).toBe(before.body.duration);
    expect(after.body.file_size).toBe(before.body.file_size);
    expect(before.body.file_size).toBe(clip.length);
    const download = await call("POST", "/storage/download-url", { auth: alice.api_key, body: { file_path: u.file_path } });
    expect(download.status, download.text).toBe(200);
    const got = await dispatch(new Request(download.body.url));
    expect(Buffer.from(await got.arrayBuffer()).equals(clip)).toBe(true);
  });

  it("a URL whose upload failed may be retried", async () => {
    const u = await uploadUrl("retry.mp4");
    const cut = await dispatch(
      new Request(u.upload_url, { method: "PUT", headers: { "content-type": "video/mp4", "content-length": String(clip.length + 10) }, body: new Uint8Array(clip) }),
    );
    expect(cut.status).toBe(400);
    expect((await put(u.upload_url, clip)).status).toBe(200);
  });
});
