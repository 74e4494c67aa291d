// Next bundles a module once per route and once for instrumentation: objects shared through
// globalThis (the storage driver the runner creates first) meet classes of another copy of the
// same module. Reproduced here with two module registries (vi.resetModules): uploads through the
// object route must still work, and ApiErrors thrown by the other copy keep their status.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "va-bundles-"));
process.env.DATA_DIR = dataDir;
process.env.STORAGE_DRIVER = "local";
process.env.APP_SECRET = "cross-bundle-secret";
process.env.APP_URL = "http://localhost";
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("one object, two copies of its module", () => {
  it("a presigned PUT works when another copy of the storage module created the driver", async () => {
    (globalThis as Record<string, unknown>).__vaStorage = {};
    vi.resetModules();
    const first = await import("@/lib/storage");
    first.getStorage(); // created by the "runner's" copy
    vi.resetModules();
    const { putObject } = await import("@/lib/storage/object-requests");
    const { buildSignedUrl } = await import("@/lib/storage/signing");
    const url = buildSignedUrl({ method: "PUT", key: "users/u1/clip.mp4", contentType: "video/mp4", expiresIn: 60 });
    const res = await putObject(new Request(url, { method: "PUT", headers: { "content-type": "video/mp4" }, body: "abc" }));
    expect(res.status).toBe(200);
    expect(fs.readFileSync(path.join(dataDir, "storage", "users", "u1", "clip.mp4"), "utf8")).toBe("abc");
  });

  it("an ApiError of the other copy is still an ApiError (its status, not a 500)", async () => {
    vi.resetModules();
    const a = await import("@/lib/core/errors");
    vi.resetModules();
    const b = await import("@/lib/core/errors");
    const { toErrorResponse } = await import("@/lib/api/handler");
    expect(a.ApiError).not.toBe(b.ApiError);
    const err = new a.ApiError(413, "File too large (maximum 4 GB)");
    expect(err).toBeInstanceOf(b.ApiError);
    expect(new Error("x")).not.toBeInstanceOf(b.ApiError);
    const res = toErrorResponse(err, "rid", "test");
    expect(res.status).toBe(413);
  });
});
