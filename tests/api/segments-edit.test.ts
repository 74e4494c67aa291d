// Corrections: PATCH a segment, list and restore its revisions, and the edit reaching every
// reader at once: results JSON and CSV, SRT/WebVTT, the captions track, search (words and
// vectors), chat context and shared reports. Reprocessing keeps edited segments unless told to
// discard them, in the queueing and in the pipeline's segment writer (a real run of a clip).
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { segments as segmentsTable, videos } from "@/db/schema";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { call, GHOST } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { useFakeOpenAI, type ChatRequest } from "../helpers/openai-server";
import { dispatch } from "../helpers/routes";
import { addEmbeddedVideo, type SeedSegment } from "../helpers/segments";
import { makeUser, type TestUser } from "../helpers/users";
import { processToCompletion, registerClip, waitForStatus } from "../helpers/videos";

useApiTestEnv("segments-edit");
const fake = useFakeOpenAI();

let alice: TestUser;
let bob: TestUser;
let bakery: { jobId: string };
let other: { jobId: string };
let runner: EmbeddedRunner | undefined;

const BAKERY: SeedSegment[] = [
  { module: "transcription", start: 3, content: "Good morning and welcome to the bakery" },
  { module: "transcription", start: 65, content: "Now we fold the sourdough and let it rest" },
  { module: "transcription", start: 125, content: "Thanks for watching, see you tomorrow" },
  { module: "shots", start: 0, end: 60, content: "Shot 1" },
];

beforeAll(async () => {
  alice = await makeUser("edit-alice@example.com");
  bob = await makeUser("edit-bob@example.com");
  bakery = await addEmbeddedVideo(alice, BAKERY, { name: "Bakery.mp4", duration: 150, segmentSeconds: 2, metadata: JSON.stringify({ provider: "local", method: "test-fixture" }) });
  other = await addEmbeddedVideo(alice, [{ module: "transcription", start: 1, content: "Boats in the harbour" }], { duration: 10, segmentSeconds: 2, metadata: null });
});
afterAll(async () => {
  await runner?.stop();
});

const segmentsOf = async (jobId: string, user = alice) => (await call("GET", `/videos/${jobId}/segments`, { auth: user.api_key })).body as any[];
const lineWith = async (jobId: string, text: string) => (await segmentsOf(jobId)).find((s) => s.content.includes(text));
const patch = (jobId: string, segmentId: string, body: unknown, user = alice) =>
  call("PATCH", `/videos/${jobId}/segments/${segmentId}`, { auth: user.api_key, body });
const search = async (query: string) =>
  ((await call("POST", "/search", { auth: alice.api_key, body: { query, job_id: bakery.jobId } })).body as any[]).map((r) => r.id as string);
const publicGet = (url: string) => dispatch(new Request(url.replace(/^https?:\/\/[^/]+/, "http://localhost"), { method: "GET" }));

describe("PATCH /api/videos/{job_id}/segments/{segment_id}", () => {
  it("404 for another user's video, an unknown or malformed segment, and a segment of another video", async () => {
    const seg = await lineWith(bakery.jobId, "sourdough");
    const bobs = await patch(bakery.jobId, seg.id, { content: "mine now" }, bob);
    expect(bobs.status).toBe(404);
    expect(bobs.body.detail).toBe("Video not found");
    for (const id of [GHOST, "not-a-uuid", (await segmentsOf(other.jobId))[0].id]) {
      const res = await patch(bakery.jobId, id, { content: "nothing" });
      expect(res.status, id).toBe(404);
      expect(res.body.detail).toBe("Segment not found");
    }
    expect((await call("PATCH", `/videos/${bakery.jobId}/segments/${seg.id}`, { body: { content: "x" } })).status).toBe(401);
    expect((await lineWith(bakery.jobId, "sourdough")).content).toBe("Now we fold the sourdough and let it rest");
  });

  it("400 for an empty body, empty content, ill-typed fields and metadata that is not JSON", async () => {
    const seg = await lineWith(bakery.jobId, "sourdough");
    const cases: [unknown, RegExp][] = [
      [{}, /^body: give content or metadata/],
      [{ content: "   " }, /^content: must not be empty$/],
      [{ content: 5 }, /^content: must be a string$/],
      [{ metadata: "{not json" }, /^metadata: must be JSON text/],
    ];
    for (const [body, detail] of cases) {
      const res = await patch(bakery.jobId, seg.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toMatch(detail);
    }
    const none = await call("PATCH", `/videos/${bakery.jobId}/segments/${seg.id}`, { auth: alice.api_key });
    expect(none.status).toBe(400);
    const bad = await call("PATCH", `/videos/${bakery.jobId}/segments/${seg.id}`, { auth: alice.api_key, rawBody: "{" });
    expect(bad.status).toBe(400);
    expect((await lineWith(bakery.jobId, "sourdough")).revision).toBeUndefined();
  });

  it("200 with edited and revision; the edit reaches results, reports, captions, search, chat and shared reports", async () => {
    const seg = await lineWith(bakery.jobId, "sourdough");
    const db = await getDb();
    const vectorOf = async () =>
      (await db.select({ e: segmentsTable.embedding }).from(segmentsTable).where(eq(segmentsTable.id, seg.id)))[0]!.e as number[];
    const before = await vectorOf();
    expect(await search("sourdough")).toContain(seg.id);
    expect(await search("bicycle")).not.toContain(seg.id);
    const share = await call("POST", `/videos/${bakery.jobId}/share`, { auth: alice.api_key });
    expect(share.status).toBe(201);

    const res = await patch(bakery.jobId, seg.id, { content: "Now we oil the bicycle chain and let it rest" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: seg.id, job_id: bakery.jobId, module: "transcription", content: "Now we oil the bicycle chain and let it rest", edited: true, revision: 1, start_time: 65 });
    expect(res.body.metadata).toBe(seg.metadata);

    // Results: the segment list and the results view (other segments keep the contract's shape).
    const listed = await segmentsOf(bakery.jobId);
    expect(listed.find((s) => s.id === seg.id)).toMatchObject({ content: "Now we oil the bicycle chain and let it rest", edited: true, revision: 1 });
    expect(Object.keys(listed.find((s) => s.id !== seg.id)).sort()).toEqual(["content", "created_at", "end_time", "id", "job_id", "metadata", "module", "start_time"]);
    const results = await call("GET", `/results/job/${bakery.jobId}`, { auth: alice.api_key });
    expect(results.body.transcription.map((s: any) => s.content)).toContain("Now we oil the bicycle chain and let it rest");
    const combined = await call("GET", `/download/combined-report/${bakery.jobId}`, { auth: alice.api_key });
    expect(combined.text).toContain("bicycle chain");
    expect(combined.text).not.toContain("sourdough");

    // Reports: CSV, SRT, WebVTT.
    for (const format of ["csv", "srt", "vtt", "json"]) {
      const report = await call("GET", `/download/report/${bakery.jobId}?module=transcription&format=${format}`, { auth: alice.api_key });
      expect(report.status).toBe(200);
      expect(report.text, format).toContain("Now we oil the bicycle chain and let it rest");
      expect(report.text, format).not.toContain("sourdough");
    }
    const csv = await call("GET", `/download/report/${bakery.jobId}?module=transcription&format=csv`, { auth: alice.api_key });
    expect(csv.text.split("\r\n")[0]).toBe("id,job_id,module,start_time,end_time,content,metadata,created_at");

    // The captions track (not cached by the browser, so the next load has it).
    const video = await call("GET", `/videos/${bakery.jobId}`, { auth: alice.api_key });
    const captions = await publicGet(video.body.thumbnail_url.replace("/playback/thumbnail/", "/playback/captions/"));
    expect(captions.status).toBe(200);
    expect(captions.headers.get("cache-control")).toBe("private, no-cache");
    const vtt = await captions.text();
    expect(vtt).toContain("00:01:05.000 --> 00:01:07.000\nNow we oil the bicycle chain and let it rest");
    expect(vtt).not.toContain("sourdough");

    // Search: the new words are found, the removed one no longer finds it, and the vector is new.
    expect(await search("bicycle")).toContain(seg.id);
    expect(await search("bicycle chain")).toContain(seg.id);
    expect(await search("sourdough")).not.toContain(seg.id);
    const after = await vectorOf();
    expect(after).toHaveLength(before.length);
    expect(after).not.toEqual(before);

    // The shared report (no auth).
    const shared = await call("GET", `/shared-reports/${share.body.share_hash}`);
    expect(shared.status).toBe(200);
    expect(shared.body.modules.transcription.map((s: any) => s.content)).toContain("Now we oil the bicycle chain and let it rest");
    expect(JSON.stringify(shared.body)).not.toContain("sourdough");

    // Chat context: the model is given the corrected line, not the machine's.
    const asked: ChatRequest[] = [];
    fake.chat = (req) => {
      asked.push(req);
      return "They oil the chain at [01:05].";
    };
    Object.assign(process.env, fake.env());
    const ask = await call("POST", "/chat/ask", { auth: alice.api_key, body: { question: "What happens at one minute?", video_id: bakery.jobId, mode: "brute_force" } });
    expect(ask.status, ask.text).toBe(200);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.text).toContain("[01:05–01:07] transcription: Now we oil the bicycle chain and let it rest");
    expect(asked[0]!.text).not.toContain("sourdough");
  });

  it("changes metadata alone (null clears it); the words stay", async () => {
    const seg = await lineWith(bakery.jobId, "Thanks for watching");
    const res = await patch(bakery.jobId, seg.id, { metadata: JSON.stringify({ provider: "local", method: "test-fixture", speaker: "Ann" }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ content: "Thanks for watching, see you tomorrow", edited: true, revision: 1 });
    expect(JSON.parse(res.body.metadata).speaker).toBe("Ann");
    const cleared = await patch(bakery.jobId, seg.id, { metadata: null });
    expect(cleared.body).toMatchObject({ metadata: null, revision: 2 });
  });
});

describe("revisions", () => {
  it("GET lists newest first with the machine's original as revision 0; a never-edited segment has only revision 0", async () => {
    const seg = await lineWith(bakery.jobId, "bicycle");
    const second = await patch(bakery.jobId, seg.id, { content: "Now we oil the bicycle chain twice" });
    expect(second.body.revision).toBe(2);
    const res = await call("GET", `/videos/${bakery.jobId}/segments/${seg.id}/revisions`, { auth: alice.api_key });
    expect(res.status).toBe(200);
    expect(res.body.map((r: any) => r.revision)).toEqual([2, 1, 0]);
    expect(res.body[0]).toMatchObject({ content: "Now we oil the bicycle chain twice", edited_by: alice.user_id });
    expect(res.body[2]).toMatchObject({ revision: 0, content: "Now we fold the sourdough and let it rest", edited_by: null, metadata: seg.metadata });
    expect(Object.keys(res.body[0]).sort()).toEqual(["content", "created_at", "edited_by", "metadata", "revision"]);

    const untouched = await lineWith(bakery.jobId, "Good morning");
    const only = await call("GET", `/videos/${bakery.jobId}/segments/${untouched.id}/revisions`, { auth: alice.api_key });
    expect(only.body).toEqual([{ revision: 0, content: "Good morning and welcome to the bakery", metadata: untouched.metadata, edited_by: null, created_at: untouched.created_at }]);

    const bobs = await call("GET", `/videos/${bakery.jobId}/segments/${seg.id}/revisions`, { auth: bob.api_key });
    expect(bobs.status).toBe(404);
    expect(bobs.body.detail).toBe("Video not found");
    const ghost = await call("GET", `/videos/${bakery.jobId}/segments/${GHOST}/revisions`, { auth: alice.api_key });
    expect(ghost.body.detail).toBe("Segment not found");
  });

  it("POST …/restore brings a revision back as a new one; revision 0 makes it the machine's words again, found by search", async () => {
    const seg = await lineWith(bakery.jobId, "bicycle");
    const one = await call("POST", `/videos/${bakery.jobId}/segments/${seg.id}/revisions/1/restore`, { auth: alice.api_key });
    expect(one.status, one.text).toBe(200);
    expect(one.body).toMatchObject({ content: "Now we oil the bicycle chain and let it rest", edited: true, revision: 3 });

    const zero = await call("POST", `/videos/${bakery.jobId}/segments/${seg.id}/revisions/0/restore`, { auth: alice.api_key });
    expect(zero.body).toMatchObject({ content: "Now we fold the sourdough and let it rest", edited: false, revision: 4 });
    expect(await search("sourdough")).toContain(seg.id);
    expect(await search("bicycle")).not.toContain(seg.id);
    const list = await call("GET", `/videos/${bakery.jobId}/segments/${seg.id}/revisions`, { auth: alice.api_key });
    expect(list.body.map((r: any) => r.revision)).toEqual([4, 3, 2, 1, 0]);

    for (const revision of ["99", "abc", "-1"]) {
      const res = await call("POST", `/videos/${bakery.jobId}/segments/${seg.id}/revisions/${revision}/restore`, { auth: alice.api_key });
      expect(res.status, revision).toBe(404);
      expect(res.body.detail).toBe("Revision not found");
    }
    const bobs = await call("POST", `/videos/${bakery.jobId}/segments/${seg.id}/revisions/1/restore`, { auth: bob.api_key });
    expect(bobs.body.detail).toBe("Video not found");
    const untouched = await lineWith(bakery.jobId, "Good morning");
    const noEdits = await call("POST", `/videos/${bakery.jobId}/segments/${untouched.id}/revisions/1/restore`, { auth: alice.api_key });
    expect(noEdits.status).toBe(404);
  });
});

describe("reprocessing keeps edited segments unless discard_edits", () => {
  it("queueing a reprocess clears machine segments and keeps corrected ones; discard_edits clears them too", async () => {
    const video = await addEmbeddedVideo(
      alice,
      [
        { module: "transcription", start: 1, content: "first machine line" },
        { module: "transcription", start: 4, content: "second machine line" },
      ],
      { duration: 10, segmentSeconds: 2, metadata: null },
    );
    const seg = await lineWith(video.jobId, "second");
    await patch(video.jobId, seg.id, { content: "second corrected line" });
    const re = await call("POST", `/videos/${video.jobId}/reprocess`, { auth: alice.api_key, body: { modules: ["transcription"] } });
    expect(re.status, re.text).toBe(200);
    expect((await segmentsOf(video.jobId)).map((s) => s.content)).toEqual(["second corrected line"]);

    // No runner runs in this test: mark the queued video finished again, as its run would.
    const db = await getDb();
    await db.update(videos).set({ status: "completed" }).where(eq(videos.jobId, video.jobId));
    const discard = await call("POST", `/videos/${video.jobId}/reprocess`, { auth: alice.api_key, body: { modules: ["transcription"], discard_edits: true } });
    expect(discard.status, discard.text).toBe(200);
    expect(await segmentsOf(video.jobId)).toEqual([]);
    const bad = await call("POST", `/videos/${video.jobId}/process`, { auth: alice.api_key, body: { modules: ["transcription"], discard_edits: "yes" } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe("discard_edits: must be a boolean");
  });

  it("a real run keeps the corrected line and drops the machine's new version of it; discard_edits brings the machine's back", async () => {
    const cues = [
      { start: 0.2, end: 1.4, text: "One small step" },
      { start: 1.6, end: 2.8, text: "for a man" },
      { start: 3, end: 3.8, text: "one giant leap" },
    ];
    const jobId = await registerClip(alice, makeClip("edit-run", { seconds: 4, subtitles: cues }));
    runner ??= new EmbeddedRunner(await getDb(), { pollMs: 50, leaseMs: 5_000 }).start();
    await processToCompletion(alice, jobId, ["transcription"]);
    const machine = (await segmentsOf(jobId)).filter((s) => s.module === "transcription");
    expect(machine.map((s) => s.content)).toEqual(cues.map((c) => c.text));

    const edited = await patch(jobId, machine[1].id, { content: "for a woman" });
    expect(edited.status).toBe(200);
    const again = await call("POST", `/videos/${jobId}/reprocess`, { auth: alice.api_key, body: {} });
    expect(again.status).toBe(200);
    expect((await waitForStatus(alice.api_key, jobId)).status).toBe("completed");
    const kept = (await segmentsOf(jobId)).filter((s) => s.module === "transcription");
    expect(kept.map((s) => s.content)).toEqual(["One small step", "for a woman", "one giant leap"]);
    expect(kept[1]).toMatchObject({ id: machine[1].id, edited: true, revision: 1 });
    const revisions = await call("GET", `/videos/${jobId}/segments/${machine[1].id}/revisions`, { auth: alice.api_key });
    expect(revisions.body.map((r: any) => r.revision)).toEqual([1, 0]);

    const discard = await call("POST", `/videos/${jobId}/reprocess`, { auth: alice.api_key, body: { discard_edits: true } });
    expect(discard.status).toBe(200);
    expect((await waitForStatus(alice.api_key, jobId)).status).toBe("completed");
    const fresh = (await segmentsOf(jobId)).filter((s) => s.module === "transcription");
    expect(fresh.map((s) => s.content)).toEqual(cues.map((c) => c.text));
    expect(fresh.every((s) => s.edited === undefined)).toBe(true);
    const db = await getDb();
    const rows = await db.select().from(segmentsTable).where(and(eq(segmentsTable.jobId, jobId), eq(segmentsTable.edited, true)));
    expect(rows).toEqual([]);
  }, 240_000);
});
