// People across a video through the API: a clip made of real photos of people that
// @vladmandic/human ships in its assets (head-and-shoulders photos in its face-detection
// screenshot) runs through the real pipeline (decode pass, shots, visualelements with the real
// detector and faceres in the TF.js models' process); GET /videos/{job_id}/people groups the man's
// two shots into one person, PATCH names him, and search, chat and the report use the name.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { personThumbnailKey } from "@/lib/analysis/people/thumbnails";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { getStorage } from "@/lib/storage";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { startHttpServer } from "../helpers/http-server";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip, waitForStatus } from "../helpers/videos";

useApiTestEnv("people");
for (const k of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_VISION_MODEL", "OPENAI_VISION_BASE_URL", "FACE_GROUPING"]) delete process.env[k];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-people-"));
const SCREENSHOT = path.join(process.cwd(), "node_modules/@vladmandic/human/assets/screenshot-facedetect.jpg");

/**
 * 0–2 s the man (first photo of the row), 2–4 s a woman (second photo), 4–6 s the man again,
 * framed tighter and mirrored, 6–8 s the man as framed first (a cut straight after his mirrored
 * shot), 8–10 s plain grey: five shots, two people, the man in three of them, two of them adjacent.
 */
function peopleClip(): string {
  const out = path.join(dir, "people.mp4");
  const shot = (crop: string, extra = "") => `crop=${crop},scale=-2:360${extra},pad=640:360:(ow-iw)/2:0:gray,setsar=1,fps=25,format=yuv420p`;
  execFileSync("ffmpeg", [
    "-v", "error", "-y",
    "-loop", "1", "-t", "2", "-i", SCREENSHOT,
    "-loop", "1", "-t", "2", "-i", SCREENSHOT,
    "-loop", "1", "-t", "2", "-i", SCREENSHOT,
    "-loop", "1", "-t", "2", "-i", SCREENSHOT,
    "-f", "lavfi", "-i", "color=c=gray:s=640x360:r=25:d=2",
    "-filter_complex",
    `[0]${shot("160:160:0:340")}[a];[1]${shot("160:160:160:340")}[b];[2]${shot("130:130:15:345", ",hflip")}[c];[3]${shot("160:160:0:340")}[e];[4]setsar=1,format=yuv420p[d];[a][b][c][e][d]concat=n=5:v=1:a=0[v]`,
    "-map", "[v]", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", out,
  ]);
  return out;
}

let server: Awaited<ReturnType<typeof startHttpServer>>;
let runner: EmbeddedRunner;
let alice: TestUser;
let bob: TestUser;
let jobId: string;
let manId: string;
let womanId: string;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  server = await startHttpServer();
  process.env.APP_URL = server.url;
  alice = await makeUser("alice-people@example.com");
  bob = await makeUser("bob-people@example.com");
  runner = new EmbeddedRunner(await getDb(), { pollMs: 50, leaseMs: 10_000 }).start();
  jobId = await registerClip(alice, peopleClip(), "people.mp4");
  const start = await call("POST", `/processing/${jobId}/start`, { auth: alice.api_key, body: { selected_insights: JSON.stringify(["visualelements"]) } });
  expect(start.status, start.text).toBe(200);
  const done = await waitForStatus(alice.api_key, jobId, ["completed", "failed"], 580_000);
  expect(done.status, JSON.stringify(done)).toBe("completed");
}, 600_000);

afterAll(async () => {
  await runner?.stop();
  await server?.close();
});

const people = async (user = alice, id = jobId) => call("GET", `/videos/${id}/people`, { auth: user.api_key });

describe("people across a video", () => {
  it("groups the man's three shots into one person and the woman into another, an appearance per shot, with a picture", async () => {
    const res = await people();
    expect(res.status, res.text).toBe(200);
    const list = res.body as any[];
    expect(list).toHaveLength(2);
    const [man, woman] = list;
    expect(man.person_id).toMatch(UUID);
    expect(woman.person_id).toMatch(UUID);
    expect(man.name).toBe("Person 1");
    // His two adjacent shots are two appearances, not one span across both.
    expect(man.appearances).toHaveLength(3);
    expect(man.appearances[0].start).toBeCloseTo(0, 0);
    expect(man.appearances[0].end).toBeCloseTo(2, 0);
    expect(man.appearances[1].start).toBeCloseTo(4, 0);
    expect(man.appearances[1].end).toBeCloseTo(6, 0);
    expect(man.appearances[2].start).toBeCloseTo(6, 0);
    expect(man.appearances[2].end).toBeCloseTo(8, 0);
    expect(man.total_seconds).toBeCloseTo(6, 0);
    expect(woman.name).toBe("Person 2");
    expect(woman.appearances).toHaveLength(1);
    expect(woman.appearances[0].start).toBeCloseTo(2, 0);

    // The picture: a 302 to a JPEG, behind the video's playback token.
    const pic = await fetch(man.thumbnail_url, { redirect: "manual" });
    expect(pic.status).toBe(302);
    const img = await fetch(new URL(pic.headers.get("location")!, man.thumbnail_url));
    expect(img.status).toBe(200);
    const bytes = Buffer.from(await img.arrayBuffer());
    expect(bytes.subarray(0, 2).toString("hex")).toBe("ffd8");
    const tampered = new URL(man.thumbnail_url);
    tampered.searchParams.set("token", "x");
    expect((await fetch(tampered, { redirect: "manual" })).status).toBe(404);
    const unknown = man.thumbnail_url.replace(`/${man.person_id}?`, `/${crypto.randomUUID()}?`);
    expect((await fetch(unknown, { redirect: "manual" })).status).toBe(404);
    manId = man.person_id;
    womanId = woman.person_id;
  });

  it("appearances are visualelements segments naming the person; the shots' face boxes name them too", async () => {
    const res = await call("GET", `/results/job/${jobId}`, { auth: alice.api_key });
    expect(res.status, res.text).toBe(200);
    const segs = (res.body.visualelements ?? res.body.modules?.visualelements) as any[];
    expect(Array.isArray(segs)).toBe(true);
    const meta = segs.map((s) => ({ s, m: JSON.parse(s.metadata) }));
    const persons = meta.filter((x) => x.m.kind === "person");
    expect(persons.map((x) => x.m.person_id).sort()).toEqual([manId, manId, manId, womanId].sort());
    expect(persons.every((x) => x.m.provider === "local" && x.m.method === "faceres_average_linkage")).toBe(true);
    const shotFaces = meta.filter((x) => x.m.kind !== "person").flatMap((x) => x.m.face_boxes as any[]);
    expect(shotFaces.filter((f) => f.person_id === manId)).toHaveLength(3);
  });

  it("renames a person: the list, search and chat use the name", async () => {
    const res = await call("PATCH", `/videos/${jobId}/people/${manId}`, { auth: alice.api_key, body: { name: "Alice Moreau" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.name).toBe("Alice Moreau");
    expect(res.body.appearances).toHaveLength(3);
    const list = (await people()).body as any[];
    expect(list.find((p) => p.person_id === manId).name).toBe("Alice Moreau");
    expect(list.find((p) => p.person_id === womanId).name).toBe("Person 2");

    const search = await call("POST", "/search", { auth: alice.api_key, body: { query: "Alice Moreau", job_ids: [jobId] } });
    expect(search.status, search.text).toBe(200);
    const hits = (search.body as any[]).filter((h) => h.module === "visualelements");
    expect(hits.length).toBeGreaterThanOrEqual(1);
    expect(hits.every((h) => /Alice Moreau/.test(h.content))).toBe(true);
    for (const h of hits) expect([0, 4, 6]).toContain(Math.round(h.start_time));

    const chat = await call("POST", "/chat/ask", { auth: alice.api_key, body: { question: "When is Alice Moreau on screen?", video_id: jobId } });
    expect(chat.status, chat.text).toBe(200);
    const answer = String(chat.body.answer ?? chat.body.content ?? chat.body.message?.content);
    expect(answer).toMatch(/Alice Moreau/);
    expect(answer).toMatch(/00:00|0:00/);
    expect(answer).toMatch(/00:04|0:04/);
  });

  it("rejects bad names, unknown people and other users' videos", async () => {
    const empty = await call("PATCH", `/videos/${jobId}/people/${manId}`, { auth: alice.api_key, body: { name: "  " } });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toMatch(/name/);
    const long = await call("PATCH", `/videos/${jobId}/people/${manId}`, { auth: alice.api_key, body: { name: "x".repeat(256) } });
    expect(long.status).toBe(400);
    for (const id of [crypto.randomUUID(), "person-7"]) {
      const missing = await call("PATCH", `/videos/${jobId}/people/${id}`, { auth: alice.api_key, body: { name: "Nobody" } });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ detail: "Person not found" });
    }
    const other = await people(bob);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ detail: "Video not found" });
    const otherRename = await call("PATCH", `/videos/${jobId}/people/${manId}`, { auth: bob.api_key, body: { name: "Mallory" } });
    expect(otherRename.status).toBe(404);
    expect((await call("GET", `/videos/${jobId}/people/${manId}`, { auth: alice.api_key })).status).toBe(405);
  });

  it("a later run keeps the pictures of the people the video's segments name and removes the others", async () => {
    const videoRes = await call("GET", `/videos/${jobId}`, { auth: alice.api_key });
    const userId = videoRes.body.user_id as string;
    // A picture of someone no segment names any more (an earlier grouping's person).
    const gone = personThumbnailKey(userId, jobId, "person-from-an-earlier-grouping");
    await getStorage().putFile(gone, SCREENSHOT, "image/jpeg");
    // Add shots: visualelements' results (and its person segments) are kept, not run again.
    const add = await call("POST", `/videos/${jobId}/process`, { auth: alice.api_key, body: { modules: ["shots"], keep_other_results: true } });
    expect(add.status, add.text).toBe(200);
    const done = await waitForStatus(alice.api_key, jobId, ["completed", "failed"], 120_000);
    expect(done.status, JSON.stringify(done)).toBe("completed");
    expect(await getStorage().stat(gone)).toBeNull();
    for (const id of [manId, womanId]) expect(await getStorage().stat(personThumbnailKey(userId, jobId, id)), id).not.toBeNull();
  });
});
