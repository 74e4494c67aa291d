// POST /enterprise?action=…: every action against its standard endpoint, the register → upload →
// process → status → results flow over real HTTP, and the action errors.
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { insertSegments } from "@/db/queries/segments";
import { embedJobSegments } from "@/lib/search/embed-segments";
import { profiles } from "@/db/schema";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { call, GHOST } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { useHttpServer } from "../helpers/http-server";
import { makeClip, makeNotAVideo } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip, waitForStatus } from "../helpers/videos";

useApiTestEnv("enterprise");
const server = useHttpServer({ appUrl: true });

let alice: TestUser;
let bob: TestUser;
let runner: EmbeddedRunner | null = null;
let clip: string;

beforeAll(async () => {
  alice = await makeUser("alice-enterprise@example.com");
  bob = await makeUser("bob-enterprise@example.com");
  clip = makeClip("enterprise", { seconds: 4 });
});

afterAll(async () => {
  await runner?.stop();
});

const enterprise = (user: TestUser | null, action: string | null, body?: unknown) =>
  call("POST", action === null ? "/enterprise" : `/enterprise?action=${encodeURIComponent(action)}`, {
    auth: user?.api_key,
    body,
  });

async function upload(url: string, file: string, contentType = "video/mp4") {
  const res = await fetch(url, { method: "PUT", headers: { "Content-Type": contentType }, body: fs.readFileSync(file) });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe("actions", () => {
  it("400 Missing action, 400 Unknown action: <x> (actions are case-sensitive), 401 without credentials", async () => {
    for (const action of [null, ""]) {
      const res = await enterprise(alice, action, {});
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe("Missing action");
    }
    for (const action of ["nope", "askagent", "LISTPROJECTS"]) {
      const res = await enterprise(alice, action, {});
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe(`Unknown action: ${action}`);
    }
    const anon = await enterprise(null, "listProjects");
    expect(anon.status).toBe(401);
    expect(anon.body.detail).toBe("Missing Authorization header");
  });

  it("createProject answers as POST /projects (201); listProjects as GET /projects", async () => {
    const created = await enterprise(alice, "createProject", { name: "Enterprise", description: "via action" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Enterprise", description: "via action", video_count: 0, user_id: alice.user_id });
    expect((await call("GET", `/projects/${created.body.id}`, { auth: alice.api_key })).body).toEqual(created.body);

    const listed = await enterprise(alice, "listProjects");
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual((await call("GET", "/projects", { auth: alice.api_key })).body);
    expect(listed.body.map((p: any) => p.id)).toContain(created.body.id);

    const missing = await enterprise(alice, "createProject", {});
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe("name: is required");
    const tooLong = await enterprise(alice, "createProject", { name: "x".repeat(256) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.detail).toBe("name: must be at most 255 characters");
  });

  it("400 naming the field for an ill-typed body, whatever the action", async () => {
    const res = await enterprise(alice, "getStatus", { job_id: 5 });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("job_id: must be a string");
    const mods = await enterprise(alice, "getResults", { job_id: GHOST, modules: ["telepathy"] });
    expect(mods.status).toBe(400);
    expect(mods.body.detail).toMatch(/^modules\.0: must be one of /);
  });
});

describe("registerUpload → PUT → process → getStatus → getResults", () => {
  it("runs the whole flow like the standard endpoints", async () => {
    const project = (await enterprise(alice, "createProject", { name: "Flow" })).body;
    const reg = await enterprise(alice, "registerUpload", {
      name: "Quarterly review",
      selected_insights: '["shots"]',
      initial_prompt: "Focus on slides",
      project_id: project.id,
    });
    expect(reg.status).toBe(200);
    expect(Object.keys(reg.body).sort()).toEqual(["job_id", "upload_url"]);
    const { job_id: jobId, upload_url: uploadUrl } = reg.body;
    expect(uploadUrl).toMatch(new RegExp(`^${server.url}/api/storage/object/users/${alice.user_id}/Quarterly_review\\.mp4\\?`));

    // The video exists at once: uploaded, not probed yet, in the project.
    const registered = (await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body;
    expect(registered).toMatchObject({
      name: "Quarterly review",
      status: "uploaded",
      duration: 0,
      file_size: 0,
      project_id: project.id,
      storage_path: `users/${alice.user_id}/Quarterly_review.mp4`,
      selected_insights: '["shots"]',
    });

    // process before the upload: 400, nothing queued
    const early = await enterprise(alice, "process", { job_id: jobId });
    expect(early.status).toBe(400);
    expect(early.body.detail).toBe("File not found in storage");
    expect((await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body.status).toBe("uploaded");

    await upload(uploadUrl, clip);
    const processed = await enterprise(alice, "process", { job_id: jobId });
    expect(processed.status).toBe(200);
    expect(processed.body).toEqual({ job_id: jobId, status: "queued" });
    const probed = (await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body;
    expect(probed.status).toBe("queued");
    expect(probed.duration).toBeCloseTo(4, 0);
    expect(probed.file_size).toBe(fs.statSync(clip).size);
    expect(probed.selected_insights).toBe('["shots"]');

    const status = await enterprise(alice, "getStatus", { job_id: jobId });
    expect(status.status).toBe(200);
    expect(status.body).toEqual((await call("GET", `/processing/${jobId}/status`, { auth: alice.api_key })).body);

    const twice = await enterprise(alice, "process", { job_id: jobId });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe("Video must be uploaded or failed to start processing (current: queued)");

    runner = new EmbeddedRunner(await getDb(), { pollMs: 50, leaseMs: 10_000 }).start();
    expect((await waitForStatus(alice.api_key, jobId)).status).toBe("completed");

    // Whatever the run produced, plus two segments of known modules for the filter.
    await insertSegments(await getDb(), [
      { videoId: probed.id, jobId, userId: alice.user_id, module: "shots", content: "Extra shot", startTime: 0, endTime: 1 },
      { videoId: probed.id, jobId, userId: alice.user_id, module: "scenes", content: "Extra scene", startTime: 0, endTime: 4 },
    ]);
    const results = await enterprise(alice, "getResults", { job_id: jobId });
    expect(results.status).toBe(200);
    const standard = (await call("GET", `/results/job/${jobId}`, { auth: alice.api_key })).body;
    expect(results.body).toEqual({ job_id: jobId, status: "completed", segments: standard.segments });
    expect(results.body.segments.length).toBeGreaterThanOrEqual(2);
    expect((await enterprise(alice, "getResults", { job_id: jobId, modules: ["shots"] })).body.segments).toEqual(standard.shots);
    expect((await enterprise(alice, "getResults", { job_id: jobId, modules: ["transcription"] })).body.segments).toEqual([]);
    expect((await enterprise(alice, "getResults", { job_id: jobId, modules: [] })).body.segments).toEqual(standard.segments);

    // askAgent: the chat engine over the same video (offline: the retrieved moments with their times).
    await embedJobSegments(await getDb(), { userId: alice.user_id, jobId });
    const asked = await enterprise(alice, "askAgent", { job_id: jobId, query: "extra scene" });
    expect(asked.status).toBe(200);
    expect(asked.body.job_id).toBe(jobId);
    expect(asked.body.segments_used).toBeGreaterThan(0);
    expect(asked.body.answer).toContain("Extra scene");
    expect(asked.body.answer).toMatch(/\[00:00\]/);
    const noQuery = await enterprise(alice, "askAgent", { job_id: jobId });
    expect(noQuery.status).toBe(400);
    expect(noQuery.body.detail).toBe("query: is required");
    expect((await enterprise(bob, "askAgent", { job_id: jobId, query: "x" })).status).toBe(404);
  });
});

describe("registerUpload", () => {
  it("keeps a video extension, adds .mp4 otherwise, never reuses a storage name, and stays in the caller's area", async () => {
    const names: Record<string, string> = {};
    for (const name of ["Board meeting.MOV", "Same name", "Same name", "../../etc/passwd"]) {
      const res = await enterprise(alice, "registerUpload", { name });
      expect(res.status, name).toBe(200);
      const v = (await call("GET", `/videos/${res.body.job_id}`, { auth: alice.api_key })).body;
      expect(v.name).toBe(name);
      expect(v.storage_path.startsWith(`users/${alice.user_id}/`)).toBe(true);
      expect(v.storage_path.split("/")).toHaveLength(3);
      names[res.body.job_id] = v.storage_path;
    }
    const paths = Object.values(names);
    expect(new Set(paths).size).toBe(4);
    expect(paths[0]).toBe(`users/${alice.user_id}/Board_meeting.MOV`);
    expect(paths[1]).toBe(`users/${alice.user_id}/Same_name.mp4`);
    expect(paths[2]).toMatch(new RegExp(`^users/${alice.user_id}/Same_name_[0-9a-f]{6}\\.mp4$`));
    expect(paths[3]).toBe(`users/${alice.user_id}/etcpasswd.mp4`);
  });

  it("a content_type is signed into the upload URL", async () => {
    const res = await enterprise(alice, "registerUpload", { name: "typed.mov", content_type: "video/quicktime" });
    const wrong = await fetch(res.body.upload_url, { method: "PUT", headers: { "Content-Type": "video/mp4" }, body: "x" });
    expect(wrong.status).toBe(403);
    await upload(res.body.upload_url, clip, "video/quicktime");
  });

  it("400 for a missing name or bad selected_insights; 404 Project not found for another user's project", async () => {
    const noName = await enterprise(alice, "registerUpload", {});
    expect(noName.status).toBe(400);
    expect(noName.body.detail).toBe("name: is required");
    const badModules = await enterprise(alice, "registerUpload", { name: "x", selected_insights: '["telepathy"]' });
    expect(badModules.status).toBe(400);
    expect(badModules.body.detail).toMatch(/^selected_insights: unknown module "telepathy"/);
    const bobsProject = (await call("POST", "/projects", { auth: bob.api_key, body: { name: "Bob's" } })).body;
    for (const projectId of [bobsProject.id, GHOST, "nope"]) {
      const res = await enterprise(alice, "registerUpload", { name: "x", project_id: projectId });
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("Project not found");
    }
  });
});

describe("process", () => {
  it("400 File is not a readable video for an upload that is not one", async () => {
    const reg = await enterprise(alice, "registerUpload", { name: "text" });
    await upload(reg.body.upload_url, makeNotAVideo("enterprise-text"));
    const res = await enterprise(alice, "process", { job_id: reg.body.job_id });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("File is not a readable video");
  });

  it("402 Processing allowance exhausted once the probed duration is known, and nothing is queued", async () => {
    const carol = await makeUser("carol-enterprise@example.com");
    await (await getDb()).update(profiles).set({ bonusMinutes: -3000 + 1 / 60 }).where(eq(profiles.userId, carol.user_id));
    const reg = await enterprise(carol, "registerUpload", { name: "long" });
    await upload(reg.body.upload_url, clip);
    const res = await enterprise(carol, "process", { job_id: reg.body.job_id });
    expect(res.status).toBe(402);
    expect(res.body.detail).toBe("Processing allowance exhausted");
    expect((await call("GET", `/videos/${reg.body.job_id}`, { auth: carol.api_key })).body.status).toBe("uploaded");
  });

  it("works on a video registered through the standard endpoint, with selected_insights overriding", async () => {
    await runner?.stop();
    runner = null;
    const jobId = await registerClip(alice, clip);
    const res = await enterprise(alice, "process", { job_id: jobId, selected_insights: '["shots","scenes"]' });
    expect(res.body).toEqual({ job_id: jobId, status: "queued" });
    const v = (await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body;
    expect(JSON.parse(v.selected_insights)).toEqual(["shots", "scenes"]);
  });

  it("400 job_id: is required for process, getStatus and getResults", async () => {
    for (const action of ["process", "getStatus", "getResults"]) {
      const res = await enterprise(alice, action, {});
      expect(res.status, action).toBe(400);
      expect(res.body.detail).toBe("job_id: is required");
    }
  });
});

describe("a second user", () => {
  it("gets 404 Video not found for the first user's job ids and sees none of their projects", async () => {
    const jobId = await registerClip(alice, clip);
    for (const action of ["process", "getStatus", "getResults"]) {
      for (const id of [jobId, GHOST, "not-a-uuid"]) {
        const res = await enterprise(bob, action, { job_id: id });
        expect(res.status, `${action} ${id}`).toBe(404);
        expect(res.body.detail).toBe("Video not found");
      }
    }
    expect((await call("GET", `/videos/${jobId}`, { auth: alice.api_key })).body.status).toBe("uploaded");
    const projects = (await enterprise(bob, "listProjects")).body;
    expect(projects.every((p: any) => p.user_id === bob.user_id)).toBe(true);
  });
});
