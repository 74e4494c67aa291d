// Idempotency-Key on the POSTs that create or start something (lib/api/idempotency.ts).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { idempotencyKeys, videos } from "@/db/schema";
import { allEndpoints } from "@/lib/openapi/endpoints";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { storeFile } from "../helpers/videos";

useApiTestEnv("idempotency");

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await makeUser("alice@example.com");
  bob = await makeUser("bob@example.com");
});

const post = (path: string, body: unknown, key?: string, user = alice) =>
  call("POST", path, { auth: user.api_key, body, headers: key ? { "idempotency-key": key } : {} });

async function projectNames(user = alice): Promise<string[]> {
  return (await call("GET", "/projects", { auth: user.api_key })).body.map((p: any) => p.name);
}

describe("Idempotency-Key", () => {
  it("is switched on for every POST that creates or starts something", () => {
    const on = allEndpoints.filter((e) => e.idempotent).map((e) => `${e.method} ${e.path}`);
    for (const path of [
      "/keys",
      "/projects",
      "/chat/sessions",
      "/chat/sessions/{session_id}/messages",
      "/chat/ask",
      "/storage/upload-url",
      "/processing/register-upload",
      "/processing/{job_id}/start",
      "/videos/register-and-process",
      "/videos/{job_id}/process",
      "/videos/{job_id}/reprocess",
      "/videos/{job_id}/share",
      "/webhooks",
    ]) {
      expect(on, path).toContain(`POST ${path}`);
    }
    expect(allEndpoints.filter((e) => e.idempotent && e.method !== "POST")).toEqual([]);
  });

  it("the same key and body replays the first response (status and body) without a second effect", async () => {
    const first = await post("/projects", { name: "Replayed" }, "k-project-1");
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await post("/projects", { name: "Replayed" }, "k-project-1");
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect((await projectNames()).filter((n) => n === "Replayed")).toHaveLength(1);
    // Without a key, the same POST makes another.
    await post("/projects", { name: "Replayed" });
    expect((await projectNames()).filter((n) => n === "Replayed")).toHaveLength(2);
  });

  it("422 {detail} for the same key with another body or another endpoint", async () => {
    expect((await post("/projects", { name: "One" }, "k-reuse")).status).toBe(201);
    const other = await post("/projects", { name: "Two" }, "k-reuse");
    expect(other.status).toBe(422);
    expect(other.body.detail).toMatch(/Idempotency-Key was already used with a different request/);
    const elsewhere = await post("/keys", { name: "One" }, "k-reuse");
    expect(elsewhere.status).toBe(422);
    expect(await projectNames()).not.toContain("Two");
  });

  it("keys are per user: another user's same key is a new request", async () => {
    const a = await post("/projects", { name: "Shared key" }, "k-per-user");
    const b = await post("/projects", { name: "Shared key" }, "k-per-user", bob);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.id).not.toBe(a.body.id);
    expect(b.headers.get("idempotent-replayed")).toBeNull();
  });

  it("a body that fails validation is not kept: the corrected request with the same key runs", async () => {
    const bad = await post("/projects", { name: "" }, "k-fix");
    expect(bad.status).toBe(400);
    const good = await post("/projects", { name: "Fixed" }, "k-fix");
    expect(good.status).toBe(201);
  });

  it("a handler's 4xx answer is kept and replayed (the request did run)", async () => {
    const first = await post("/videos/00000000-0000-4000-8000-000000000000/process", { modules: ["shots"] }, "k-404");
    expect(first.status).toBe(404);
    const again = await post("/videos/00000000-0000-4000-8000-000000000000/process", { modules: ["shots"] }, "k-404");
    expect(again.status).toBe(404);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });

  it("after 24 h the key is free again", async () => {
    expect((await post("/projects", { name: "Old" }, "k-expired")).status).toBe(201);
    const db = await getDb();
    await db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(idempotencyKeys.key, "k-expired"));
    const later = await post("/projects", { name: "New" }, "k-expired");
    expect(later.status).toBe(201);
    expect(later.body.name).toBe("New");
  });

  it("400 {detail} for a malformed key", async () => {
    const res = await post("/projects", { name: "x" }, "has space");
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/Idempotency-Key/);
  });

  it("10 parallel identical register-and-process POSTs make one video and one replayed response", async () => {
    const clip = makeClip("idempotency", { seconds: 2 });
    const key = await storeFile(alice.user_id, clip, "parallel.mp4");
    const body = { storage_path: key, modules: ["shots"], file_name: "parallel" };
    const results = await Promise.all(Array.from({ length: 10 }, () => post("/videos/register-and-process", body, "k-parallel")));
    for (const r of results) {
      expect(r.status, r.text).toBe(200);
      expect(r.text).toBe(results[0]!.text);
    }
    expect(results.filter((r) => r.headers.get("idempotent-replayed") === null)).toHaveLength(1);
    const db = await getDb();
    expect(await db.select().from(videos).where(eq(videos.storagePath, key))).toHaveLength(1);
  });

  it("10 parallel identical project POSTs make one project", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => post("/projects", { name: "Parallel" }, "k-parallel-project")));
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([201]));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect((await projectNames()).filter((n) => n === "Parallel")).toHaveLength(1);
  });
});
