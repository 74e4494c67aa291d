// GET /dashboard: the whole account in one call – and the same number of database queries for 1
// video as for 30 (counted by running the route over a drizzle instance with a query logger).
import crypto from "node:crypto";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, setDbHandle, type Db } from "@/db/client";
import { insertUsageRecord } from "@/db/queries/usage";
import { insertVideo } from "@/db/queries/videos";
import * as schema from "@/db/schema";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip } from "../helpers/videos";

const testDb = useApiTestEnv("dashboard");

let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  alice = await makeUser("alice-dash@example.com");
  bob = await makeUser("bob-dash@example.com");
});

afterEach(() => setDbHandle(testDb.handle()));

/** The same database seen through a drizzle instance that counts every query it sends. */
async function countingDb(): Promise<{ db: Db; queries: string[] }> {
  const handle = testDb.handle();
  const client = (handle.db as unknown as { $client: unknown }).$client;
  const queries: string[] = [];
  const logger = { logQuery: (q: string) => void queries.push(q) };
  const { drizzle } =
    handle.kind === "pglite" ? await import("drizzle-orm/pglite") : ((await import("drizzle-orm/postgres-js")) as any);
  const db = drizzle({ client: client as never, schema, logger }) as unknown as Db;
  return { db, queries };
}

/** Queries one GET /dashboard makes (authentication included). */
async function dashboardQueries(user: TestUser): Promise<{ count: number; body: any }> {
  const { db, queries } = await countingDb();
  setDbHandle({ ...testDb.handle(), db });
  try {
    const res = await call("GET", "/dashboard", { auth: user.api_key });
    expect(res.status, res.text).toBe(200);
    return { count: queries.length, body: res.body };
  } finally {
    setDbHandle(testDb.handle());
  }
}

async function addVideos(user: TestUser, n: number) {
  const db = await getDb();
  for (let i = 0; i < n; i++) {
    await insertVideo(db, {
      userId: user.user_id,
      jobId: crypto.randomUUID(),
      name: `bulk ${i}`,
      storagePath: `users/${user.user_id}/bulk-${i}-${crypto.randomBytes(3).toString("hex")}.mp4`,
      duration: 60,
      fileSize: 1000 + i,
    });
  }
}

const withoutUrls = (v: any) => JSON.parse(JSON.stringify(v), (k, x) => (/_url$/.test(k) ? undefined : x));

describe("GET /api/dashboard", () => {
  it("returns profile, api_keys, usage, videos and projects, each as its own endpoint does", async () => {
    const jobId = await registerClip(alice, makeClip("dashboard", { seconds: 2 }));
    const project = await call("POST", "/projects", { auth: alice.api_key, body: { name: "Dash" } });
    await call("POST", `/projects/${project.body.id}/assign`, { auth: alice.api_key, body: { job_ids: [jobId] } });
    await call("POST", "/keys", { auth: alice.api_key, body: { name: "second" } });
    await insertUsageRecord(await getDb(), { userId: alice.user_id, jobId, action: "process", durationMinutes: 2 / 60, processingTime: 1, modules: [] });

    const res = await call("GET", "/dashboard", { auth: alice.api_key });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["api_keys", "profile", "projects", "usage", "videos"]);
    expect(res.body.profile).toMatchObject({ user_id: alice.user_id, email: "alice-dash@example.com", full_name: "alice-dash", bonus_minutes: 0 });

    const keys = await call("GET", "/keys", { auth: alice.api_key });
    expect(withoutUrls(res.body.api_keys).map((k: any) => ({ ...k, last_used_at: null }))).toEqual(
      keys.body.map((k: any) => ({ ...k, last_used_at: null })),
    );
    expect(res.body.api_keys.every((k: any) => k.raw_key.endsWith("…"))).toBe(true);

    expect(res.body.usage).toEqual((await call("GET", "/usage/summary", { auth: alice.api_key })).body);
    expect(res.body.usage).toMatchObject({ total_jobs: 1, by_action: { process: 1, reprocess: 0 } });
    expect(res.body.usage.total_file_size_gb).toBeGreaterThan(0);

    const videos = await call("GET", "/videos", { auth: alice.api_key });
    expect(withoutUrls(res.body.videos)).toEqual(withoutUrls(videos.body));
    expect(res.body.videos[0]).toMatchObject({ job_id: jobId, project_id: project.body.id });
    for (const field of ["thumbnail_url", "stream_url", "playback_url"]) expect(res.body.videos[0][field]).toMatch(/^https?:\/\//);

    expect(res.body.projects).toEqual((await call("GET", "/projects", { auth: alice.api_key })).body);
    expect(res.body.projects[0]).toMatchObject({ name: "Dash", video_count: 1 });
  });

  it("makes the same number of queries for 1 video as for 30", async () => {
    const user = await makeUser("count-dash@example.com");
    await addVideos(user, 1);
    await call("POST", "/projects", { auth: user.api_key, body: { name: "p1" } });
    const one = await dashboardQueries(user);
    expect(one.body.videos).toHaveLength(1);

    await addVideos(user, 29);
    for (let i = 0; i < 5; i++) await call("POST", "/projects", { auth: user.api_key, body: { name: `more ${i}` } });
    for (let i = 0; i < 3; i++) await call("POST", "/keys", { auth: user.api_key, body: { name: `key ${i}` } });
    const thirty = await dashboardQueries(user);
    expect(thirty.body.videos).toHaveLength(30);
    expect(thirty.body.projects).toHaveLength(6);
    expect(thirty.body.usage.total_file_size_gb).toBeCloseTo((30 * 1000 + (0 + 28 * 29 / 2)) / 1024 ** 3, 15);

    expect(one.count).toBeGreaterThan(0);
    expect(thirty.count).toBe(one.count);
    // auth (key lookup, maybe its last-used touch) + profile, keys, usage, videos, projects
    expect(thirty.count).toBeLessThanOrEqual(7);
  });

  it("401 without credentials", async () => {
    const res = await call("GET", "/dashboard");
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe("Missing Authorization header");
  });
});

describe("a second user", () => {
  it("sees only their own data on the dashboard", async () => {
    const res = await call("GET", "/dashboard", { auth: bob.api_key });
    expect(res.status).toBe(200);
    expect(res.body.profile.user_id).toBe(bob.user_id);
    expect(res.body.videos).toEqual([]);
    expect(res.body.projects).toEqual([]);
    expect(res.body.usage).toMatchObject({ total_jobs: 0, total_file_size_gb: 0, first_usage: null });
    expect(res.body.api_keys.map((k: any) => k.id)).toEqual([bob.key_id]);
    expect(res.text).not.toContain(alice.user_id);
  });
});
