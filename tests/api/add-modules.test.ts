// Adding modules to a finished video (issue 30, item 6): `POST /videos/{job_id}/process` with
// `keep_other_results` runs only the listed modules and keeps every other module's segments (their
// prerequisites are not run again); reprocess keeps its contract meaning and clears them all.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { processingRuns, runEvents } from "@/db/schema";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { processToCompletion, registerClip, waitForStatus } from "../helpers/videos";

useApiTestEnv("add-modules");

let alice: TestUser;
let runner: EmbeddedRunner;
let clip: string;

beforeAll(async () => {
  alice = await makeUser("adds@example.com");
  runner = new EmbeddedRunner(await getDb(), { pollMs: 50, leaseMs: 5_000 }).start();
  clip = makeClip("add-modules", {
    seconds: 6,
    subtitles: [
      { start: 0.5, end: 2, text: "The car needs a new clutch" },
      { start: 2.5, end: 4, text: "The doctor will see you now" },
      { start: 4.5, end: 5.8, text: "Happy birthday to you" },
    ],
  });
});
afterAll(async () => {
  await runner?.stop();
});

async function segmentIds(jobId: string): Promise<Record<string, string[]>> {
  const res = await call("GET", `/results/job/${jobId}`, { auth: alice.api_key });
  expect(res.status, res.text).toBe(200);
  const out: Record<string, string[]> = {};
  for (const s of res.body.segments as { id: string; module: string }[]) (out[s.module] ??= []).push(s.id);
  for (const ids of Object.values(out)) ids.sort();
  return out;
}

/** The modules the latest run of the video started (module_started events). */
async function startedInLatestRun(jobId: string): Promise<string[]> {
  const db = await getDb();
  const [run] = await db.select().from(processingRuns).where(eq(processingRuns.jobId, jobId)).orderBy(desc(processingRuns.createdAt)).limit(1);
  const rows = await db.select().from(runEvents).where(and(eq(runEvents.runId, run!.id), eq(runEvents.type, "module_started")));
  return rows.map((r) => (r.data as { module: string }).module).sort();
}

describe("POST /videos/{job_id}/process with keep_other_results", () => {
  it("runs only the added modules, keeps the other modules' segments as they were and does not run their modules again", async () => {
    const jobId = await registerClip(alice, clip, "adds.mp4");
    await processToCompletion(alice, jobId, ["shots", "transcription"]);
    const before = await segmentIds(jobId);
    expect(before.shots?.length).toBeGreaterThan(0);
    expect(before.transcription).toHaveLength(3);

    const res = await call("POST", `/videos/${jobId}/process`, { auth: alice.api_key, body: { modules: ["scenes"], keep_other_results: true } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ job_id: jobId, status: "queued", message: "Processing queued; the other modules' results are kept" });
    const done = await waitForStatus(alice.api_key, jobId);
    expect(done.status, JSON.stringify(done)).toBe("completed");

    const after = await segmentIds(jobId);
    // The same rows: not deleted and written again.
    expect(after.shots).toEqual(before.shots);
    expect(after.transcription).toEqual(before.transcription);
    expect(after.scenes?.length).toBeGreaterThan(0);
    // scenes builds on shots and transcription: their kept results stood in, neither ran.
    expect(await startedInLatestRun(jobId)).toEqual(["scenes"]);
    const video = (await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body;
    expect(JSON.parse(video.selected_insights).sort()).toEqual(["scenes", "shots", "transcription"]);

    // Running an added module again replaces only its own segments.
    const again = await call("POST", `/videos/${jobId}/process`, { auth: alice.api_key, body: { modules: ["scenes"], keep_other_results: true } });
    expect(again.status, again.text).toBe(200);
    expect((await waitForStatus(alice.api_key, jobId)).status).toBe("completed");
    const third = await segmentIds(jobId);
    expect(third.shots).toEqual(before.shots);
    expect(third.transcription).toEqual(before.transcription);
    expect(third.scenes?.length).toBe(after.scenes!.length);
    expect(third.scenes).not.toEqual(after.scenes);

    // reprocess keeps the contract's meaning: every earlier segment is cleared first.
    const re = await call("POST", `/videos/${jobId}/reprocess`, { auth: alice.api_key, body: { modules: ["scenes"] } });
    expect(re.status, re.text).toBe(200);
    expect((await waitForStatus(alice.api_key, jobId)).status).toBe("completed");
    const cleared = await segmentIds(jobId);
    expect(Object.keys(cleared)).toEqual(["scenes"]);
    expect((await startedInLatestRun(jobId)).sort()).toEqual(["scenes", "shots", "transcription"]);
  });

  it("400 with storage_path: another file would leave the kept results stale", async () => {
    const jobId = await registerClip(alice, clip, "adds-path.mp4");
    const res = await call("POST", `/videos/${jobId}/process`, {
      auth: alice.api_key,
      body: { modules: ["shots"], keep_other_results: true, storage_path: `users/${alice.user_id}/other.mp4` },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("keep_other_results cannot be combined with storage_path: the other modules' results are of the current file");
  });
});
