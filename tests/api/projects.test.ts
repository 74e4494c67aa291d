// Projects: CRUD, video counts that are always right, assignment (all or nothing), deletion that
// unassigns, and a second user who sees none of it.
import { beforeAll, describe, expect, it } from "vitest";
import { call, GHOST } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip } from "../helpers/videos";

useApiTestEnv("projects");

let alice: TestUser;
let bob: TestUser;
let clip: string;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/;

beforeAll(async () => {
  alice = await makeUser("alice-projects@example.com");
  bob = await makeUser("bob-projects@example.com");
  clip = makeClip("projects", { seconds: 2 });
});

async function createProject(user: TestUser, body: Record<string, unknown>) {
  const res = await call("POST", "/projects", { auth: user.api_key, body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const project = (user: TestUser, id: string) => call("GET", `/projects/${id}`, { auth: user.api_key });

describe("POST /api/projects", () => {
  it("201 with the ProjectResponse fields and video_count 0", async () => {
    const res = await call("POST", "/projects", { auth: alice.api_key, body: { name: "  Launch  ", description: "Spring campaign" } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      user_id: alice.user_id,
      name: "Launch",
      description: "Spring campaign",
      video_count: 0,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
    });
    const noDescription = await createProject(alice, { name: "Bare" });
    expect(noDescription.description).toBe("");
  });

  it("400 naming the field: missing, empty or too long name, too long description, not JSON", async () => {
    for (const [body, detail] of [
      [{}, "name: is required"],
      [{ name: "   " }, "name: must not be empty"],
      [{ name: "x".repeat(256) }, "name: must be at most 255 characters"],
      [{ name: 5 }, "name: must be a string"],
      [{ name: "ok", description: "x".repeat(5001) }, "description: must be at most 5000 characters"],
    ] as const) {
      const res = await call("POST", "/projects", { auth: alice.api_key, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    const raw = await call("POST", "/projects", { auth: alice.api_key, rawBody: "{nope" });
    expect(raw.status).toBe(400);
    expect(raw.body.detail).toBe("Request body must be valid JSON");
  });

  it("401 without credentials", async () => {
    const res = await call("POST", "/projects", { body: { name: "x" } });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe("Missing Authorization header");
    expect((await call("GET", "/projects")).status).toBe(401);
  });
});

describe("GET /api/projects and /api/projects/{project_id}", () => {
  it("lists the caller's projects newest first; gets one", async () => {
    const first = await createProject(alice, { name: "Older" });
    const second = await createProject(alice, { name: "Newer" });
    const list = await call("GET", "/projects", { auth: alice.api_key });
    expect(list.status).toBe(200);
    const ids = list.body.map((p: any) => p.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list.body.every((p: any) => p.user_id === alice.user_id)).toBe(true);
    const one = await project(alice, first.id);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(first);
  });

  it("404 Project not found for an unknown or malformed id", async () => {
    for (const id of [GHOST, "not-a-uuid", "1"]) {
      const res = await project(alice, id);
      expect(res.status, id).toBe(404);
      expect(res.body.detail).toBe("Project not found");
    }
  });
});

describe("PATCH /api/projects/{project_id}", () => {
  it("renames and describes; an empty body changes nothing", async () => {
    const p = await createProject(alice, { name: "Draft", description: "old" });
    const renamed = await call("PATCH", `/projects/${p.id}`, { auth: alice.api_key, body: { name: "Final" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: p.id, name: "Final", description: "old", video_count: 0 });
    expect(renamed.body.updated_at >= p.updated_at).toBe(true);
    const described = await call("PATCH", `/projects/${p.id}`, { auth: alice.api_key, body: { description: "" } });
    expect(described.body).toMatchObject({ name: "Final", description: "" });
    const unchanged = await call("PATCH", `/projects/${p.id}`, { auth: alice.api_key, body: {} });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toEqual(described.body);
  });

  it("400 for a bad field, 404 for an unknown project", async () => {
    const p = await createProject(alice, { name: "Bad patch" });
    const empty = await call("PATCH", `/projects/${p.id}`, { auth: alice.api_key, body: { name: "" } });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe("name: must not be empty");
    const missing = await call("PATCH", `/projects/${GHOST}`, { auth: alice.api_key, body: { name: "x" } });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe("Project not found");
    const missingEmpty = await call("PATCH", `/projects/${GHOST}`, { auth: alice.api_key, body: {} });
    expect(missingEmpty.status).toBe(404);
  });
});

describe("POST /api/projects/{project_id}/assign and GET /api/projects/{project_id}/videos", () => {
  it("assigns videos, counts them, lists them; a video moves out of its previous project", async () => {
    const a = await createProject(alice, { name: "A" });
    const b = await createProject(alice, { name: "B" });
    const v1 = await registerClip(alice, clip);
    const v2 = await registerClip(alice, clip);
    const v3 = await registerClip(alice, clip);

    const res = await call("POST", `/projects/${a.id}/assign`, { auth: alice.api_key, body: { job_ids: [v1, v2, v1] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, assigned: 2 });
    expect((await project(alice, a.id)).body.video_count).toBe(2);

    const videos = await call("GET", `/projects/${a.id}/videos`, { auth: alice.api_key });
    expect(videos.status).toBe(200);
    expect(videos.body.map((v: any) => v.job_id).sort()).toEqual([v1, v2].sort());
    expect(videos.body.every((v: any) => v.project_id === a.id)).toBe(true);
    expect(videos.body[0]).toHaveProperty("stream_url");

    // A video belongs to at most one project: assigning v2 to B moves it.
    const move = await call("POST", `/projects/${b.id}/assign`, { auth: alice.api_key, body: { job_ids: [v2, v3] } });
    expect(move.body).toEqual({ ok: true, assigned: 2 });
    expect((await project(alice, a.id)).body.video_count).toBe(1);
    expect((await project(alice, b.id)).body.video_count).toBe(2);
    expect((await call("GET", `/videos/${v2}`, { auth: alice.api_key })).body.project_id).toBe(b.id);

    // Assigning again is idempotent; an empty list assigns nothing.
    expect((await call("POST", `/projects/${b.id}/assign`, { auth: alice.api_key, body: { job_ids: [v3] } })).body).toEqual({ ok: true, assigned: 1 });
    expect((await call("POST", `/projects/${b.id}/assign`, { auth: alice.api_key, body: { job_ids: [] } })).body).toEqual({ ok: true, assigned: 0 });
    expect((await project(alice, b.id)).body.video_count).toBe(2);

    // The list carries the same counts; PATCH /videos and DELETE /videos keep them right.
    const counts = () =>
      call("GET", "/projects", { auth: alice.api_key }).then((r) => Object.fromEntries(r.body.map((p: any) => [p.id, p.video_count])));
    expect(await counts()).toMatchObject({ [a.id]: 1, [b.id]: 2 });
    await call("PATCH", `/videos/${v3}`, { auth: alice.api_key, body: { project_id: null } });
    expect(await counts()).toMatchObject({ [a.id]: 1, [b.id]: 1 });
    await call("PATCH", `/videos/${v3}`, { auth: alice.api_key, body: { project_id: a.id } });
    expect(await counts()).toMatchObject({ [a.id]: 2, [b.id]: 1 });
    await call("DELETE", `/videos/${v1}`, { auth: alice.api_key });
    expect(await counts()).toMatchObject({ [a.id]: 1, [b.id]: 1 });
  });

  it("404 Video not found for another user's, unknown or malformed job id, and nothing changes", async () => {
    const p = await createProject(alice, { name: "Strict" });
    const mine = await registerClip(alice, clip);
    const bobs = await registerClip(bob, clip);
    for (const intruder of [bobs, GHOST, "not-a-uuid"]) {
      const res = await call("POST", `/projects/${p.id}/assign`, { auth: alice.api_key, body: { job_ids: [mine, intruder] } });
      expect(res.status, intruder).toBe(404);
      expect(res.body.detail).toBe("Video not found");
    }
    expect((await project(alice, p.id)).body.video_count).toBe(0);
    expect((await call("GET", `/videos/${mine}`, { auth: alice.api_key })).body.project_id).toBeNull();
    expect((await call("GET", `/videos/${bobs}`, { auth: bob.api_key })).body.project_id).toBeNull();
  });

  it("404 Project not found for an unknown project; 400 for a bad body", async () => {
    const mine = await registerClip(alice, clip);
    const res = await call("POST", `/projects/${GHOST}/assign`, { auth: alice.api_key, body: { job_ids: [mine] } });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe("Project not found");
    expect((await call("GET", `/projects/${GHOST}/videos`, { auth: alice.api_key })).body.detail).toBe("Project not found");
    const p = await createProject(alice, { name: "Body checks" });
    for (const [body, detail] of [
      [{}, "job_ids: is required"],
      [{ job_ids: "x" }, "job_ids: must be an array"],
      [{ job_ids: [1] }, "job_ids.0: must be a string"],
    ] as const) {
      const bad = await call("POST", `/projects/${p.id}/assign`, { auth: alice.api_key, body });
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toBe(detail);
    }
  });
});

describe("DELETE /api/projects/{project_id}", () => {
  it("deletes the project and unassigns its videos, which stay", async () => {
    const p = await createProject(alice, { name: "Doomed" });
    const v = await registerClip(alice, clip);
    await call("POST", `/projects/${p.id}/assign`, { auth: alice.api_key, body: { job_ids: [v] } });
    const res = await call("DELETE", `/projects/${p.id}`, { auth: alice.api_key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await project(alice, p.id)).status).toBe(404);
    const video = await call("GET", `/videos/${v}`, { auth: alice.api_key });
    expect(video.status).toBe(200);
    expect(video.body.project_id).toBeNull();
    const again = await call("DELETE", `/projects/${p.id}`, { auth: alice.api_key });
    expect(again.status).toBe(404);
    expect(again.body.detail).toBe("Project not found");
  });
});

describe("a second user", () => {
  it("sees none of the first user's projects and cannot touch them", async () => {
    const p = await createProject(alice, { name: "Private", description: "secret" });
    const v = await registerClip(alice, clip);
    await call("POST", `/projects/${p.id}/assign`, { auth: alice.api_key, body: { job_ids: [v] } });

    const list = await call("GET", "/projects", { auth: bob.api_key });
    expect(list.status).toBe(200);
    expect(list.body.find((x: any) => x.id === p.id)).toBeUndefined();
    expect(list.body.every((x: any) => x.user_id === bob.user_id)).toBe(true);
    expect((await call("GET", `/videos?project_id=${p.id}`, { auth: bob.api_key })).body).toEqual([]);

    const bobVideo = await registerClip(bob, clip);
    for (const [method, p2, body] of [
      ["GET", `/projects/${p.id}`],
      ["PATCH", `/projects/${p.id}`, { name: "hacked" }],
      ["DELETE", `/projects/${p.id}`],
      ["GET", `/projects/${p.id}/videos`],
      ["POST", `/projects/${p.id}/assign`, { job_ids: [bobVideo] }],
    ] as const) {
      const res = await call(method, p2, { auth: bob.api_key, body });
      expect(res.status, `${method} ${p2}`).toBe(404);
      expect(res.body.detail).toBe("Project not found");
    }
    // Nor can bob move his video into alice's project through PATCH /videos.
    const patch = await call("PATCH", `/videos/${bobVideo}`, { auth: bob.api_key, body: { project_id: p.id } });
    expect(patch.status).toBe(404);
    expect(patch.body.detail).toBe("Project not found");

    expect((await project(alice, p.id)).body).toMatchObject({ name: "Private", description: "secret", video_count: 1 });
  });
});
