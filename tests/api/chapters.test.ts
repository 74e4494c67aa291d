// Chapters: made from scenes, transcript and on-screen text, covering the whole video; titled by
// key phrases offline and by the model when one is configured (a local OpenAI-compatible server);
// stored, so PATCHed titles persist (and carry over when the segments change); a WebVTT
// chapters track; part of the combined report.
import { beforeAll, describe, expect, it } from "vitest";
import { call, GHOST } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { useFakeOpenAI, type ChatRequest } from "../helpers/openai-server";
import { addEmbeddedVideo, type SeedSegment } from "../helpers/segments";
import { makeUser, type TestUser } from "../helpers/users";

useApiTestEnv("chapters");
const fake = useFakeOpenAI();

let alice: TestUser;
let bob: TestUser;
let bakery: { jobId: string };

const BAKERY: SeedSegment[] = [
  { module: "scenes", start: 0, end: 60, content: "Scene 1" },
  { module: "scenes", start: 60, end: 120, content: "Scene 2" },
  { module: "scenes", start: 120, end: 150, content: "Scene 3" },
  { module: "transcription", start: 3, content: "Good morning and welcome to the corner bakery" },
  { module: "transcription", start: 20, content: "The corner bakery opens at six every morning" },
  { module: "transcription", start: 65, content: "Now we fold the sourdough and let it rest" },
  { module: "transcription", start: 80, content: "Folding the sourdough gives it strength" },
  { module: "visualelements", start: 60, end: 70, content: 'Warm brown tones, text: "SOURDOUGH"' },
];

const chaptersOf = async (jobId: string, user = alice) => call("GET", `/videos/${jobId}/chapters`, { auth: user.api_key });

beforeAll(async () => {
  alice = await makeUser("chapters-alice@example.com");
  bob = await makeUser("chapters-bob@example.com");
  bakery = await addEmbeddedVideo(alice, BAKERY, { name: "Bakery.mp4", duration: 150, segmentSeconds: 2, metadata: null });
});

function expectCovering(chapters: any[], duration: number) {
  expect(chapters.length).toBeGreaterThan(0);
  expect(chapters[0].start).toBe(0);
  expect(chapters[chapters.length - 1].end).toBe(duration);
  chapters.forEach((c, i) => {
    expect(c.index).toBe(i);
    expect(c.end).toBeGreaterThan(c.start);
    if (i > 0) expect(c.start).toBe(chapters[i - 1].end);
    expect(c.title).not.toMatch(/^chapter\s*\d/i);
  });
}

describe("GET /api/videos/{job_id}/chapters", () => {
  it("covers the whole video at scene boundaries, titled from what is said and shown; a chapter without words says so", async () => {
    const res = await chaptersOf(bakery.jobId);
    expect(res.status, res.text).toBe(200);
    expectCovering(res.body, 150);
    expect(res.body.map((c: any) => [c.start, c.end])).toEqual([[0, 60], [60, 120], [120, 150]]);
    expect(res.body[0].title.toLowerCase()).toContain("corner bakery");
    expect(res.body[1].title.toLowerCase()).toContain("sourdough");
    expect(res.body[2].title).toBe("02:00–02:30 (no speech or text)");
    expect(res.body[0].summary).toContain("Good morning and welcome");
    expect(res.body[2].summary).toBeUndefined();
    expect(res.body.every((c: any) => c.edited === false)).toBe(true);
    expect(Object.keys(res.body[0]).sort()).toEqual(["edited", "end", "index", "start", "summary", "title"]);
  });

  it("a video with no scenes is cut where the topic changes, in the pause; a video without segments is one chapter that says it has no words", async () => {
    const talk = await addEmbeddedVideo(
      alice,
      [
        { module: "transcription", start: 0, end: 25, content: "Shares on the stock market fell sharply this afternoon" },
        { module: "transcription", start: 40, end: 70, content: "Lighthouse keepers once lived on the island" },
      ],
      { duration: 80, segmentSeconds: 2, metadata: null },
    );
    const res = await chaptersOf(talk.jobId);
    expectCovering(res.body, 80);
    expect(res.body.map((c: any) => c.start)).toEqual([0, 32.5]);
    expect(res.body[1].title.toLowerCase()).toMatch(/lighthouse|island|keepers/);

    const silent = await addEmbeddedVideo(alice, [], { duration: 72, segmentSeconds: 2, metadata: null });
    const none = await chaptersOf(silent.jobId);
    expect(none.body).toEqual([{ index: 0, start: 0, end: 72, title: "00:00–01:12 (no speech or text)", edited: false }]);
  });

  it("a talk in one long shot with continuous speech is cut where the topic changes, each chapter titled by words said in it", async () => {
    const topics = [
      [
        "We boarded the overnight express at the central station just before midnight.",
        "The sleeping car had narrow bunks and a tiny washbasin in the corner.",
        "Somewhere past the border the locomotive was changed in a quiet yard.",
        "By morning the train was rolling through vineyards and small villages.",
      ],
      [
        "A healthy hive holds tens of thousands of worker bees in summer.",
        "The queen lays up to two thousand eggs on a good day.",
        "Beekeepers wear a veil and use smoke to calm the colony.",
        "In late summer we harvest the honey and leave enough for winter.",
      ],
      [
        "The final was played in front of sixty thousand supporters.",
        "The home side scored early with a header from a corner kick.",
        "The goalkeeper made three brilliant saves in the second half.",
        "In the end the cup was decided by a penalty shootout.",
      ],
    ];
    // Sentences of 4.5 s, 0.5 s apart (no pause long enough to cut at), one shot, one scene.
    const lines = topics.flat().map((content, i) => ({ module: "transcription", start: i * 5, end: i * 5 + 4.5, content }));
    const talk = await addEmbeddedVideo(
      alice,
      [{ module: "shots", start: 0, end: 60, content: "Shot 1" }, { module: "scenes", start: 0, end: 60, content: "Scene 1" }, ...lines],
      { duration: 60, segmentSeconds: 2, metadata: null },
    );
    const res = await chaptersOf(talk.jobId);
    expect(res.status, res.text).toBe(200);
    expectCovering(res.body, 60);
    expect(res.body.map((c: any) => c.start)).toEqual([0, 19.75, 39.75]);
    // Each title is words said in its own chapter (not another's), none of them a function word.
    const wordsOf = (s: string) => s.toLowerCase().match(/[a-z]+/g) ?? [];
    res.body.forEach((c: any, i: number) => {
      const said = new Set(wordsOf(topics[i]!.join(" ")));
      expect(wordsOf(c.title).length, c.title).toBeGreaterThan(0);
      for (const w of wordsOf(c.title)) {
        expect(said.has(w), `${c.title}: ${w}`).toBe(true);
        expect(["the", "a", "of", "in", "and", "might", "rather", "just", "before", "with", "from"]).not.toContain(w);
      }
    });
  });

  it("404 Video not found for another user's, an unknown or a malformed job id; 401 without credentials", async () => {
    for (const jobId of [bakery.jobId, GHOST, "nope"]) {
      const res = await call("GET", `/videos/${jobId}/chapters`, { auth: bob.api_key });
      expect(res.status, jobId).toBe(404);
      expect(res.body.detail).toBe("Video not found");
    }
    expect((await call("GET", `/videos/${bakery.jobId}/chapters.vtt`, { auth: bob.api_key })).status).toBe(404);
    expect((await call("PATCH", `/videos/${bakery.jobId}/chapters/0`, { auth: bob.api_key, body: { title: "Mine" } })).body.detail).toBe("Video not found");
    expect((await call("GET", `/videos/${bakery.jobId}/chapters`)).status).toBe(401);
  });
});

describe("PATCH /api/videos/{job_id}/chapters/{index}", () => {
  it("edits persist: GET, the WebVTT track and the combined report show them", async () => {
    const res = await call("PATCH", `/videos/${bakery.jobId}/chapters/1`, { auth: alice.api_key, body: { title: "Folding the dough", summary: "How the dough is folded." } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ index: 1, start: 60, end: 120, title: "Folding the dough", summary: "How the dough is folded.", edited: true });
    const list = await chaptersOf(bakery.jobId);
    expect(list.body[1]).toEqual(res.body);
    expect(list.body[0].edited).toBe(false);

    const vtt = await call("GET", `/videos/${bakery.jobId}/chapters.vtt`, { auth: alice.api_key });
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(vtt.text.startsWith("WEBVTT\n\n")).toBe(true);
    expect(vtt.text).toContain("chapter-2\n00:01:00.000 --> 00:02:00.000\nFolding the dough\n");
    expect(vtt.text).toContain("00:02:00.000 --> 00:02:30.000\n02:00–02:30 (no speech or text)\n");

    const report = await call("GET", `/download/combined-report/${bakery.jobId}`, { auth: alice.api_key });
    expect(report.body.chapters).toEqual(list.body);

    const summaryOff = await call("PATCH", `/videos/${bakery.jobId}/chapters/1`, { auth: alice.api_key, body: { summary: null } });
    expect(summaryOff.body).toEqual({ index: 1, start: 60, end: 120, title: "Folding the dough", edited: true });
  });

  it("an edited title carries over when the segments change (a corrected transcript line re-titles the others)", async () => {
    const segs = (await call("GET", `/videos/${bakery.jobId}/segments?module=transcription`, { auth: alice.api_key })).body as any[];
    const first = segs.find((s) => s.content.startsWith("Good morning"));
    const fix = await call("PATCH", `/videos/${bakery.jobId}/segments/${first.id}`, { auth: alice.api_key, body: { content: "Good morning and welcome to the harbour bakery" } });
    expect(fix.status).toBe(200);
    const list = await chaptersOf(bakery.jobId);
    expect(list.body[0].summary).toContain("harbour bakery");
    expect(list.body[1]).toMatchObject({ title: "Folding the dough", edited: true });
  });

  it("400 for an empty body or an empty title; 404 Chapter not found for an index that is not there", async () => {
    const empty = await call("PATCH", `/videos/${bakery.jobId}/chapters/0`, { auth: alice.api_key, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toMatch(/^body: give title or summary/);
    const blank = await call("PATCH", `/videos/${bakery.jobId}/chapters/0`, { auth: alice.api_key, body: { title: "  " } });
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toBe("title: must not be empty");
    const long = await call("PATCH", `/videos/${bakery.jobId}/chapters/0`, { auth: alice.api_key, body: { title: "x".repeat(256) } });
    expect(long.body.detail).toBe("title: must be at most 255 characters");
    for (const index of ["3", "99", "abc", "-1"]) {
      const res = await call("PATCH", `/videos/${bakery.jobId}/chapters/${index}`, { auth: alice.api_key, body: { title: "T" } });
      expect(res.status, index).toBe(404);
      expect(res.body.detail).toBe("Chapter not found");
    }
  });
});

describe("with a model configured", () => {
  it("titles and summarises the chapters from their words; an unusable answer keeps the offline titles", async () => {
    const asked: ChatRequest[] = [];
    fake.chat = (req) => {
      asked.push(req);
      return { chapters: [{ index: 0, title: "Tides at the harbour wall", summary: "The tides are described." }, { index: 1, title: "Lighthouse keepers", summary: "Who lived on the island." }] };
    };
    Object.assign(process.env, fake.env());
    const talk = await addEmbeddedVideo(
      alice,
      [
        { module: "scenes", start: 0, end: 40, content: "Scene 1" },
        { module: "scenes", start: 40, end: 80, content: "Scene 2" },
        { module: "transcription", start: 5, content: "Tides rise twice a day along the harbour wall" },
        { module: "transcription", start: 45, content: "Lighthouse keepers once lived on the island" },
      ],
      { duration: 80, segmentSeconds: 2, metadata: null },
    );
    const res = await chaptersOf(talk.jobId);
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((c: any) => c.title)).toEqual(["Tides at the harbour wall", "Lighthouse keepers"]);
    expect(res.body[1].summary).toBe("Who lived on the island.");
    expect(asked).toHaveLength(1);
    expect(asked[0]!.text).toContain("[1] 00:40–01:20\nSaid: Lighthouse keepers once lived on the island");
    // Stored: asking again does not ask the model again.
    await chaptersOf(talk.jobId);
    expect(asked).toHaveLength(1);

    fake.chat = () => ({ chapters: [{ index: 0, title: "Only one" }] });
    const other = await addEmbeddedVideo(
      alice,
      [
        { module: "scenes", start: 0, end: 40, content: "Scene 1" },
        { module: "scenes", start: 40, end: 80, content: "Scene 2" },
        { module: "transcription", start: 45, content: "Lighthouse keepers once lived on the island" },
      ],
      { duration: 80, segmentSeconds: 2, metadata: null },
    );
    const fallback = await chaptersOf(other.jobId);
    expect(fallback.body.map((c: any) => c.title)).toEqual(["00:00–00:40 (no speech or text)", expect.stringMatching(/lighthouse|island|keepers/i)]);
  });
});
