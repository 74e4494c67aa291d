// Usage records and the usage summary: the arithmetic of decisions.md, date filters, agreement with
// the 402 allowance check, and a second user who sees none of it. (Records written by a real run
// are checked in playback.test.ts and videos-lifecycle.test.ts.)
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { insertUsageRecord } from "@/db/queries/usage";
import { profiles } from "@/db/schema";
import { BASE_LIMIT_MINUTES } from "@/lib/usage/allowance";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip } from "../helpers/videos";

useApiTestEnv("usage");

let alice: TestUser;
let bob: TestUser;
let clip: string;
const JOB = "11111111-1111-4111-8111-111111111111";

beforeAll(async () => {
  alice = await makeUser("alice-usage@example.com");
  bob = await makeUser("bob-usage@example.com");
  clip = makeClip("usage", { seconds: 4 });
});

async function record(user: TestUser, action: string, minutes: number, at: string, jobId = JOB) {
  const db = await getDb();
  return insertUsageRecord(db, {
    userId: user.user_id,
    jobId,
    action,
    durationMinutes: minutes,
    processingTime: 12.5,
    modules: ["shots"],
    createdAt: new Date(`${at}Z`),
  });
}

async function setBonus(user: TestUser, bonus: number) {
  const db = await getDb();
  await db.update(profiles).set({ bonusMinutes: bonus }).where(eq(profiles.userId, user.user_id));
}

const summary = (user: TestUser) => call("GET", "/usage/summary", { auth: user.api_key });

describe("GET /api/usage/summary", () => {
  it("before any usage: nothing used, the whole allocation left, first_usage null", async () => {
    const fresh = await makeUser("fresh-usage@example.com");
    const res = await summary(fresh);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total_jobs: 0,
      total_minutes: 0,
      total_duration_minutes: 0,
      by_action: { process: 0, reprocess: 0 },
      plan: "standard",
      trial_status: "active",
      remaining_trial_minutes: 3000,
      total_limit_minutes: 3000,
      usage_percentage: 0,
      bonus_minutes: 0,
      first_usage: null,
      total_file_size_gb: 0,
    });
  });

  it("sums the records: jobs, minutes, by_action, first_usage, limit with bonus, remaining, percentage", async () => {
    await record(alice, "process", 10, "2026-01-10T08:00:00");
    await record(alice, "reprocess", 5.5, "2026-02-01T12:30:00.250");
    await record(alice, "process", 20, "2026-03-15T23:59:59");
    await setBonus(alice, 150);
    const res = await summary(alice);
    expect(res.status).toBe(200);
    const used = 35.5;
    const limit = BASE_LIMIT_MINUTES + 150;
    expect(res.body).toMatchObject({
      total_jobs: 3,
      total_minutes: used,
      total_duration_minutes: used,
      by_action: { process: 2, reprocess: 1 },
      plan: "standard",
      trial_status: "active",
      bonus_minutes: 150,
      total_limit_minutes: limit,
      remaining_trial_minutes: limit - used,
      first_usage: "2026-01-10T08:00:00.000",
    });
    expect(res.body.usage_percentage).toBeCloseTo((used / limit) * 100, 10);
  });

  it("total_file_size_gb is the size of all the user's videos in GiB", async () => {
    const user = await makeUser("files-usage@example.com");
    await registerClip(user, clip);
    await registerClip(user, clip);
    const res = await summary(user);
    expect(res.body.total_file_size_gb).toBeCloseTo((2 * fs.statSync(clip).size) / 1024 ** 3, 12);
  });

  it("expired when nothing remains: remaining 0 (never negative), usage over 100%", async () => {
    const user = await makeUser("expired-usage@example.com");
    await record(user, "process", 3000, "2026-04-01T00:00:00");
    let res = await summary(user);
    expect(res.body).toMatchObject({ trial_status: "expired", remaining_trial_minutes: 0, usage_percentage: 100 });
    await record(user, "reprocess", 60, "2026-04-02T00:00:00");
    res = await summary(user);
    expect(res.body).toMatchObject({ trial_status: "expired", remaining_trial_minutes: 0, total_minutes: 3060 });
    expect(res.body.usage_percentage).toBeCloseTo(102, 10);
    // bonus minutes bring it back
    await setBonus(user, 100);
    res = await summary(user);
    expect(res.body).toMatchObject({ trial_status: "active", remaining_trial_minutes: 40, total_limit_minutes: 3100 });
  });

  it("agrees with the 402 check: a video longer than remaining_trial_minutes is refused, a shorter one is not", async () => {
    const user = await makeUser("edge-usage@example.com");
    const jobId = await registerClip(user, clip);
    const minutes = (await call("GET", `/videos/${jobId}`, { auth: user.api_key })).body.duration / 60;
    await record(user, "process", 1000, "2026-05-01T00:00:00");

    await setBonus(user, -2000 + minutes - 0.001);
    expect((await summary(user)).body.remaining_trial_minutes).toBeLessThan(minutes);
    const refused = await call("POST", `/processing/${jobId}/start`, { auth: user.api_key, body: {} });
    expect(refused.status).toBe(402);
    expect(refused.body.detail).toBe("Processing allowance exhausted");

    await setBonus(user, -2000 + minutes + 0.001);
    expect((await summary(user)).body.remaining_trial_minutes).toBeGreaterThanOrEqual(minutes);
    const started = await call("POST", `/processing/${jobId}/start`, { auth: user.api_key, body: {} });
    expect(started.status).toBe(200);
  });

  it("401 without credentials", async () => {
    expect((await call("GET", "/usage/summary")).status).toBe(401);
    expect((await call("GET", "/usage")).status).toBe(401);
  });
});

describe("GET /api/usage", () => {
  it("lists the caller's records newest first with every UsageResponse field", async () => {
    const res = await call("GET", "/usage", { auth: alice.api_key });
    expect(res.status).toBe(200);
    expect(res.body.map((u: any) => u.created_at)).toEqual(["2026-03-15T23:59:59.000", "2026-02-01T12:30:00.250", "2026-01-10T08:00:00.000"]);
    expect(res.body[1]).toEqual({
      id: expect.any(String),
      user_id: alice.user_id,
      job_id: JOB,
      action: "reprocess",
      duration_minutes: 5.5,
      processing_time: 12.5,
      modules: '["shots"]',
      created_at: "2026-02-01T12:30:00.250",
    });
  });

  it("filters by start_date and end_date (ISO 8601 dates or timestamps; a date alone ends with its day)", async () => {
    const dates = async (q: string) =>
      (await call("GET", `/usage?${q}`, { auth: alice.api_key })).body.map((u: any) => u.created_at.slice(0, 10));
    expect(await dates("start_date=2026-02-01")).toEqual(["2026-03-15", "2026-02-01"]);
    expect(await dates("end_date=2026-02-01")).toEqual(["2026-02-01", "2026-01-10"]);
    expect(await dates("start_date=2026-01-11&end_date=2026-03-15")).toEqual(["2026-03-15", "2026-02-01"]);
    expect(await dates("start_date=2026-02-01T12:30:00.251")).toEqual(["2026-03-15"]);
    expect(await dates("end_date=2026-02-01T12:30:00.250")).toEqual(["2026-02-01", "2026-01-10"]);
    expect(await dates("end_date=2026-02-01T12:30:00")).toEqual(["2026-01-10"]);
    expect(await dates(`start_date=${encodeURIComponent("2026-03-15T23:00:00+01:00")}`)).toEqual(["2026-03-15"]);
    expect(await dates("start_date=2026-03-15T23:59:59Z")).toEqual(["2026-03-15"]);
    expect(await dates("start_date=2027-01-01")).toEqual([]);
  });

  it("400 naming the field for a date that is not ISO 8601, or an end before the start", async () => {
    for (const [q, field] of [
      ["start_date=yesterday", "start_date"],
      ["start_date=2026-13-01", "start_date"],
      ["start_date=2026-02-31", "start_date"],
      ["end_date=01/02/2026", "end_date"],
      ["end_date=", "end_date"],
      [`end_date=${"9".repeat(100)}`, "end_date"],
    ] as const) {
      const res = await call("GET", `/usage?${q}`, { auth: alice.api_key });
      expect(res.status, q).toBe(400);
      expect(res.body.detail.startsWith(`${field}: `), res.body.detail).toBe(true);
    }
    const reversed = await call("GET", "/usage?start_date=2026-03-01&end_date=2026-02-01", { auth: alice.api_key });
    expect(reversed.status).toBe(400);
    expect(reversed.body.detail).toBe("end_date: must not be before start_date");
  });
});

describe("a second user", () => {
  it("sees none of the first user's usage", async () => {
    const list = await call("GET", "/usage", { auth: bob.api_key });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([]);
    const s = await summary(bob);
    expect(s.body).toMatchObject({ total_jobs: 0, total_minutes: 0, first_usage: null, remaining_trial_minutes: 3000, bonus_minutes: 0 });
  });
});
