// Offline chat that answers (no model): overview questions from the stored digest and counts,
// visual events found in the picture modules' words, several moments cited — and chat and search
// across a project (citations that name and open their video), against a real database with the
// real sentence encoder. With a model: the project context labels videos and the model's [V2 mm:ss]
// become links.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { LEXICAL_EMBEDDING_MODEL } from "@/lib/ai/embeddings";
import { summaryUnits } from "@/lib/analysis/text/extractive-summary";
import { embedTextsLocally } from "@/lib/ai/embeddings";
import { offlineSummary } from "@/lib/pipeline/modules/video-reasoning/run";
import { embedTexts } from "@/lib/ai/embeddings";
import { writeSegmentVectors } from "@/db/queries/embeddings";
import { reembedAll } from "@/lib/search/reembed";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { useFakeOpenAI, type ChatRequest } from "../helpers/openai-server";
import { addEmbeddedVideo, type SeedSegment } from "../helpers/segments";
import { makeUser, type TestUser } from "../helpers/users";

useApiTestEnv("chat-offline");
const fake = useFakeOpenAI();

let alice: TestUser;
let bob: TestUser;
let harbour: { jobId: string; videoId: string };
let bakery: { jobId: string; videoId: string };
let projectId: string;
let topics: { jobId: string; videoId: string };

/** Six unrelated things said in 30 seconds. */
const TOPICS: SeedSegment[] = [
  { module: "transcription", start: 0.5, end: 4.5, content: "My car broke down on the motorway, so the mechanic replaced the clutch and the brakes." },
  { module: "transcription", start: 5, end: 9.5, content: "At the doctor's appointment she listened to my lungs and prescribed antibiotics." },
  { module: "transcription", start: 10, end: 14.5, content: "We baked a chocolate birthday cake with twelve candles for my niece." },
  { module: "transcription", start: 15, end: 19.5, content: "The football match ended two nil after a late penalty in the second half." },
  { module: "transcription", start: 20, end: 24.5, content: "Tomorrow the weather turns cold with heavy snow across the mountains." },
  { module: "transcription", start: 25, end: 29.5, content: "The library is closed on Sundays for the winter holidays." },
];

/** The video_reasoning segments the module writes offline (its own function, the real sentence encoder), stored and embedded. */
async function seedSummary(owner: TestUser, video: { jobId: string; videoId: string }, segs: SeedSegment[], duration: number) {
  const input = { duration, shots: [], scenes: [], visual: [], logos: [], transcript: segs.map((s) => ({ start_time: s.start, end_time: s.end!, content: s.content })) };
  const units = summaryUnits(input);
  const embedded = await embedTextsLocally(units.map((u) => u.text));
  const drafts = offlineSummary(input, units, embedded);
  const db = await getDb();
  const { insertSegments } = await import("@/db/queries/segments");
  await insertSegments(
    db,
    drafts.map((d) => ({ ...video, userId: owner.user_id, module: "video_reasoning", startTime: d.start_time, endTime: d.end_time, content: d.content, metadata: JSON.stringify(d.metadata) })),
  );
  const { embedJobSegments } = await import("@/lib/search/embed-segments");
  await embedJobSegments(db, { userId: owner.user_id, jobId: video.jobId });
}

const HARBOUR: SeedSegment[] = [
  { module: "shots", start: 0, end: 12, content: "Shot 1 · 12.0 s · opens the video · bright, static, mostly blue" },
  { module: "shots", start: 12, end: 20, content: "Shot 2 · 8.0 s · cut in · fades out · moderate motion, mostly teal" },
  { module: "shots", start: 20, end: 26, content: "Shot 3 · 6.0 s · after a fade out · dark, static" },
  { module: "shots", start: 26, end: 40, content: "Shot 4 · 14.0 s · fade in · high motion, mostly orange" },
  { module: "scenes", start: 0, end: 20, content: "Scene 1 · 00:00–00:20 · 2 shots" },
  { module: "scenes", start: 20, end: 40, content: "Scene 2 · 00:20–00:40 · 2 shots" },
  { module: "visualelements", start: 20, end: 26, content: "Black, dark grey · dark, low contrast · static motion" },
  { module: "transcription", start: 2, end: 5, content: "The boats leave the harbour at dawn" },
  { module: "transcription", start: 30, end: 33, content: "Seagulls circle over the fishing fleet" },
];

/** What an earlier version stored offline: counts, not a summary. */
async function seedDigest(owner: TestUser, jobId: string, videoId: string, duration: number) {
  const db = await getDb();
  const { insertSegments } = await import("@/db/queries/segments");
  const meta = (kind: string, extra = {}) => JSON.stringify({ provider: "local", method: "computed_digest", kind, ...extra });
  await insertSegments(db, [
    {
      videoId, jobId, userId: owner.user_id, module: "video_reasoning", startTime: 0, endTime: duration,
      content: `Computed digest of a 0:40 video; 4 shots (6 per minute, mean shot 10 s); 2 scenes; transcript of 13 words in 2 cues; on-screen text: "HARBOUR TOURS", "OPEN DAILY".`,
      metadata: meta("summary", { on_screen_text: ["HARBOUR TOURS", "OPEN DAILY"] }),
    },
    { videoId, jobId, userId: owner.user_id, module: "video_reasoning", startTime: 0, endTime: 20, content: "Scene 1 of 2 (0:00–0:20, 20.0 s); 2 shots; speech: \"The boats leave the harbour at dawn\"", metadata: meta("chapter") },
    { videoId, jobId, userId: owner.user_id, module: "video_reasoning", startTime: 20, endTime: 40, content: "Scene 2 of 2 (0:20–0:40, 20.0 s); 2 shots; speech: \"Seagulls circle over the fishing fleet\"", metadata: meta("chapter") },
  ]);
  const { embedJobSegments } = await import("@/lib/search/embed-segments");
  await embedJobSegments(db, { userId: owner.user_id, jobId });
}

const ask = (user: TestUser, body: Record<string, unknown>) => call("POST", "/chat/ask", { auth: user.api_key, body });
const items = (answer: string) => answer.split("\n").filter((l) => l.startsWith("- "));

beforeAll(async () => {
  alice = await makeUser("chat-offline-alice@example.com");
  bob = await makeUser("chat-offline-bob@example.com");
  harbour = await addEmbeddedVideo(alice, HARBOUR, { name: "Harbour at dawn.mp4", duration: 40, segmentSeconds: 2, metadata: null });
  await seedDigest(alice, harbour.jobId, harbour.videoId, 40);
  bakery = await addEmbeddedVideo(
    alice,
    [
      { module: "transcription", start: 3, content: "Good morning and welcome to the bakery" },
      { module: "transcription", start: 65, content: "Now we fold the sourdough and let it rest" },
      { module: "logos", start: 90, end: 95, content: "Acme Flour" },
    ],
    { name: "Bakery morning.mp4", duration: 150, segmentSeconds: 2, metadata: null },
  );
  topics = await addEmbeddedVideo(alice, TOPICS, { name: "Six things.mp4", duration: 30, segmentSeconds: 4, metadata: null });
  await seedSummary(alice, topics, TOPICS, 30);
  const project = await call("POST", "/projects", { auth: alice.api_key, body: { name: "Coast trip" } });
  projectId = project.body.id;
  const assigned = await call("POST", `/projects/${projectId}/assign`, { auth: alice.api_key, body: { job_ids: [harbour.jobId, bakery.jobId] } });
  expect(assigned.body).toMatchObject({ assigned: 2 });
});

describe("offline answers about one video", () => {
  it("what is it about: the summary's overview naming the topics, then its key moments with their times — no counts, no preamble", async () => {
    const res = await ask(alice, { question: "What is this video about?", video_id: topics.jobId });
    expect(res.status, res.text).toBe(200);
    const a: string = res.body.answer;
    expect(a.startsWith("It covers ")).toBe(true);
    for (const t of ["doctor's appointment (00:05)", "birthday cake (00:10)", "football match (00:15)", "heavy snow (00:20)", "winter holidays (00:25)"]) expect(a).toContain(t);
    expect(a).toContain("Key moments:\n\n- [00:00] My car broke down on the motorway");
    expect(items(a)).toHaveLength(6);
    expect(a).toContain("- [00:15] The football match ended two nil after a late penalty in the second half.");
    expect(a).not.toMatch(/language model|\b\d+ (shots?|scenes?|cues?)\b|long\./);
    expect(res.body.citations.map((c: any) => c.start_time)).toEqual(expect.arrayContaining([0, 5, 10, 15, 20, 25]));
  });

  it("honours the form asked for: three bullet points are three, a list of topics is a list, two topics are two", async () => {
    const three = (await ask(alice, { question: "Summarize it in three bullet points", video_id: topics.jobId })).body.answer as string;
    const lines = three.split("\n").filter((l) => l.trim());
    expect(lines).toHaveLength(3); // nothing but the three bullets
    for (const l of lines) expect(l).toMatch(/^- \[00:\d\d\] \S/);
    expect(lines.map((l) => l.slice(3, 8))).toEqual([...lines.map((l) => l.slice(3, 8))].sort()); // in time order
    const five = (await ask(alice, { question: "Give me a summary in 5 points", video_id: topics.jobId })).body.answer as string;
    expect(items(five)).toHaveLength(5);
    const list = (await ask(alice, { question: "List the topics", video_id: topics.jobId })).body.answer as string;
    expect(items(list)).toEqual(expect.arrayContaining(["- Doctor's appointment [00:05]", "- Football match [00:15]", "- Winter holidays [00:25]"]));
    expect(items(list).length).toBeGreaterThanOrEqual(6);
    const two = (await ask(alice, { question: "What are the two main topics?", video_id: topics.jobId })).body.answer as string;
    expect(items(two)).toHaveLength(2);
    // more than there are: all there are, and it says so
    const many = (await ask(alice, { question: "Summarize it in ten bullet points", video_id: topics.jobId })).body.answer as string;
    expect(many).toMatch(/^Only 6 moments stand out in the analysis:/);
    expect(items(many)).toHaveLength(6);
  });

  it("when is X: the moment first, with its time", async () => {
    const a = (await ask(alice, { question: "When is the football match?", video_id: topics.jobId })).body.answer as string;
    expect(a.startsWith("At [00:15]: The football match ended two nil")).toBe(true);
  });

  it("an earlier version's counts-only digest is not quoted as a summary: the transcript's beginning is", async () => {
    const a = (await ask(alice, { question: "What is this video about?", video_id: harbour.jobId })).body.answer as string;
    expect(a).toContain("There is no summary of this video yet (Video reasoning has not run on it); it begins:");
    expect(a).toContain("- [00:02] The boats leave the harbour at dawn");
    expect(a).not.toContain("Computed digest");
  });

  it("how long / how many shots / which text: only what was asked, from stored rows", async () => {
    const long = (await ask(alice, { question: "How long is it?", video_id: harbour.jobId })).body.answer as string;
    expect(long).toContain("It is 40 s long.");
    expect(long).not.toContain("shots");
    const shots = (await ask(alice, { question: "How many shots are there?", video_id: harbour.jobId })).body.answer as string;
    expect(shots).toContain("The analysis found 4 shots.");
    const text = (await ask(alice, { question: "What is the key text on screen?", video_id: harbour.jobId })).body.answer as string;
    expect(text).toContain('On-screen text: "HARBOUR TOURS", "OPEN DAILY".');
    const none = (await ask(alice, { question: "How many scenes?", video_id: bakery.jobId })).body.answer as string;
    expect(none).toContain("No scenes were detected (the scenes module has no segments)."); // never an invented number
    // no summary: the overview says so and quotes how the transcript begins
    const about = (await ask(alice, { question: "What happens in this video?", video_id: bakery.jobId })).body.answer as string;
    expect(about).toContain("There is no summary of this video yet (Video reasoning has not run on it); it begins:");
    expect(about).toContain("- [00:03] Good morning and welcome to the bakery");
  });

  it("when does the screen go dark: the dark shot and frame, found in the picture modules' words", async () => {
    const res = await ask(alice, { question: "When does the screen go dark?", video_id: harbour.jobId });
    const a: string = res.body.answer;
    expect(a).toContain("What the picture analysis shows about that:");
    const picture = a.split("What the picture analysis shows about that:")[1]!.split("\n\n")[1]!;
    expect(items(picture).sort()).toEqual([
      "- [00:20] Shot 3 · 6.0 s · after a fade out · dark, static (Shots)",
      "- [00:20] Black, dark grey · dark, low contrast · static motion (Visual elements)",
    ].sort());
    expect(a).toContain("- [00:20] Shot 3 · 6.0 s · after a fade out · dark, static (Shots)");
    expect(a).toContain("- [00:20] Black, dark grey · dark, low contrast · static motion (Visual elements)");
    expect(a).not.toContain("mostly orange"); // the bright, busy shot is not dark
    const moving = (await ask(alice, { question: "Where is there a lot of movement?", video_id: harbour.jobId })).body.answer as string;
    expect(items(moving)[0]).toContain("[00:12] Shot 2"); // moderate motion, then…
    expect(moving).toContain("[00:26] Shot 4 · 14.0 s · fade in · high motion");
  });

  it("cites several moments with [mm:ss], best first, and never a segment that does not match", async () => {
    const res = await ask(alice, { question: "boats and seagulls", video_id: harbour.jobId });
    const listed = items(res.body.answer);
    expect(listed.length).toBeGreaterThanOrEqual(2);
    expect(listed.join("\n")).toContain("- [00:02] The boats leave the harbour at dawn (Transcription)");
    expect(listed.join("\n")).toContain("- [00:30] Seagulls circle over the fishing fleet (Transcription)");
    expect(res.body.answer).not.toContain("mostly orange");
  });
});

/** Six things said in words that the questions about them do not repeat (issue 35). */
const SAID: SeedSegment[] = [
  { module: "transcription", start: 0.5, end: 4.5, content: "We boarded the overnight express at the central station, and the locomotive pulled out at midnight." },
  { module: "transcription", start: 5, end: 9.5, content: "The thunderstorm knocked out power across the whole valley for two days." },
  { module: "transcription", start: 10, end: 14.5, content: "The football match ended two nil after a late penalty." },
  { module: "transcription", start: 15, end: 19.5, content: "At the doctor's appointment she listened to my lungs and prescribed antibiotics." },
  { module: "transcription", start: 20, end: 24.5, content: "We baked a chocolate birthday cake with twelve candles for my niece." },
  { module: "transcription", start: 25, end: 29.5, content: "The library is closed on Sundays during the winter holidays." },
];

/** Two people as the people grouping writes them (visualelements appearance segments), the first seen twice. */
async function seedPeople(owner: TestUser, video: { jobId: string; videoId: string }) {
  const db = await getDb();
  const { insertSegments } = await import("@/db/queries/segments");
  const person = (id: string, index: number, start: number, end: number) => ({
    ...video,
    userId: owner.user_id,
    module: "visualelements",
    startTime: start,
    endTime: end,
    content: `Person ${index + 1} on screen`,
    metadata: JSON.stringify({ provider: "local", method: "face_grouping", kind: "person", person_id: id, person_index: index, person_name: `Person ${index + 1}` }),
  });
  const [one, two] = [crypto.randomUUID(), crypto.randomUUID()];
  await insertSegments(db, [person(one, 0, 0, 4.5), person(two, 1, 5, 9.5), person(one, 0, 20, 24.5)]);
  return one;
}

describe("offline answers to questions that do not repeat the video's words (issue 35)", () => {
  let said: { jobId: string; videoId: string };
  let firstPerson: string;
  beforeAll(async () => {
    said = await addEmbeddedVideo(alice, SAID, { name: "Said.mp4", duration: 30, segmentSeconds: 4, metadata: null });
    await seedSummary(alice, said, SAID, 30);
    firstPerson = await seedPeople(alice, said);
  });

  it("takes the question's frame off and searches what it is about: a train, the weather", async () => {
    const train = (await ask(alice, { question: "When does someone mention a train?", video_id: said.jobId })).body.answer as string;
    expect(train.startsWith("At [00:00]: We boarded the overnight express at the central station")).toBe(true);
    const weather = (await ask(alice, { question: "When do they talk about the weather?", video_id: said.jobId })).body.answer as string;
    expect(weather.startsWith("At [00:05]: The thunderstorm knocked out power")).toBe(true);
    expect(weather).not.toContain("birthday cake");
  });

  it("never quotes a line for something the video does not talk about", async () => {
    const a = (await ask(alice, { question: "When do they talk about quantum physics?", video_id: said.jobId })).body.answer as string;
    expect(a).toMatch(/^None of the video's \d+ analysis segments matches the question closely enough to quote/);
  });

  it("a follow-up that asks only for a form answers the question before it in that form", async () => {
    const first = await ask(alice, { question: "What is this video about?", video_id: said.jobId });
    expect(first.status, first.text).toBe(200);
    const three = (await ask(alice, { question: "Give me three bullet points", session_id: first.body.session_id })).body.answer as string;
    const lines = three.split("\n").filter((l) => l.trim());
    expect(lines).toHaveLength(3);
    for (const l of lines) expect(l).toMatch(/^- \[00:\d\d\] \S/);
  });

  it("who is in this video: the people found, by the names given, with their times", async () => {
    const people = await call("GET", `/videos/${said.jobId}/people`, { auth: alice.api_key });
    expect(people.body.map((p: any) => p.name)).toEqual(["Person 1", "Person 2"]);
    const renamed = await call("PATCH", `/videos/${said.jobId}/people/${firstPerson}`, { auth: alice.api_key, body: { name: "Alice Moreau" } });
    expect(renamed.status, renamed.text).toBe(200);
    const res = await ask(alice, { question: "Who is in this video?", video_id: said.jobId });
    const a: string = res.body.answer;
    expect(a).toContain("2 people were found in the picture:");
    expect(items(a)).toEqual(["- Alice Moreau: [00:00]–00:04, [00:20]–00:24", "- Person 2: [00:05]–00:09"]);
    expect(res.body.citations.map((c: any) => c.start_time)).toEqual([0, 20, 5]);
    // a video whose picture was not analysed says so instead of naming nobody
    const none = (await ask(alice, { question: "Who is in this video?", video_id: topics.jobId })).body.answer as string;
    expect(none).toBe("The picture has not been analysed for people (Visual elements has not run on this video).");
  });
});

describe("a correction reaches the summary and chat's answers (issue 35)", () => {
  it("PATCH a misheard line: the summary is made again from the corrected words, and chat quotes them", async () => {
    const misheard = SAID.map((s, i) => (i === 0 ? { ...s, content: "We boarded the overnight excess at the central station, and the locomotive pulled out at midnight." } : s));
    const video = await addEmbeddedVideo(alice, misheard, { name: "Misheard.mp4", duration: 30, segmentSeconds: 4, metadata: null });
    await seedSummary(alice, video, misheard, 30);
    const before = (await ask(alice, { question: "What is this video about?", video_id: video.jobId })).body.answer as string;
    expect(before).toContain("overnight excess");
    const line = ((await call("GET", `/videos/${video.jobId}/segments`, { auth: alice.api_key })).body as any[]).find((s) => s.module === "transcription" && s.content.includes("excess"));
    const fixed = await call("PATCH", `/videos/${video.jobId}/segments/${line.id}`, { auth: alice.api_key, body: { content: line.content.replace("excess", "express") } });
    expect(fixed.status, fixed.text).toBe(200);
    const summary = ((await call("GET", `/videos/${video.jobId}/segments`, { auth: alice.api_key })).body as any[]).filter((s) => s.module === "video_reasoning");
    expect(summary.length).toBeGreaterThan(0);
    expect(summary.map((s) => s.content).join("\n")).toContain("overnight express");
    expect(summary.map((s) => s.content).join("\n")).not.toContain("excess");
    const after = (await ask(alice, { question: "What is this video about?", video_id: video.jobId })).body.answer as string;
    expect(after).toContain("We boarded the overnight express");
    expect(after).not.toContain("excess");
  });
});

describe("chat and search across a project", () => {
  it("a project session retrieves over all its videos; each citation names its video and links to it at that time", async () => {
    const res = await ask(alice, { question: "Which moments mention the harbour or the sourdough?", project_id: projectId });
    expect(res.status, res.text).toBe(200);
    const a: string = res.body.answer;
    expect(a).toContain(`[Harbour at dawn.mp4 00:02](/videos/${harbour.jobId}?t=2) The boats leave the harbour at dawn (Transcription)`);
    expect(a).toContain(`[Bakery morning.mp4 01:05](/videos/${bakery.jobId}?t=65) Now we fold the sourdough and let it rest (Transcription)`);
    const jobs = new Set(res.body.citations.map((c: any) => c.job_id));
    expect(jobs).toEqual(new Set([harbour.jobId, bakery.jobId]));
    expect(res.body.citations).toContainEqual({ job_id: bakery.jobId, video_name: "Bakery morning.mp4", start_time: 65 });

    const session = (await call("GET", `/chat/sessions/${res.body.session_id}`, { auth: alice.api_key })).body;
    expect(session).toMatchObject({ project_id: projectId, project_name: "Coast trip", video_id: null, job_id: null });
    // the session continues without naming the project again; a video id is refused
    const next = await ask(alice, { question: "what about flour?", session_id: session.id });
    expect(next.status, next.text).toBe(200);
    expect(next.body.answer).toContain(`[Bakery morning.mp4 01:30](/videos/${bakery.jobId}?t=90) Acme Flour (Logos)`);
    const wrong = await ask(alice, { question: "x", session_id: session.id, video_id: bakery.jobId });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe("video_id: the session is about a project");
    const listed = (await call("GET", `/chat/sessions?project_id=${projectId}`, { auth: alice.api_key })).body as any[];
    expect(listed.map((s) => s.id)).toEqual([session.id]);
    const msgs = (await call("GET", `/chat/sessions/${session.id}/messages`, { auth: alice.api_key })).body as any[];
    expect(JSON.parse(msgs[1].metadata)).toMatchObject({ project_id: projectId, citations: res.body.citations });
  });

  it("an overview over a project covers each video", async () => {
    const a = (await ask(alice, { question: "How long are these videos?", project_id: projectId })).body.answer as string;
    expect(a).toContain("**Harbour at dawn.mp4**\nIt is 40 s long.");
    expect(a).toContain("**Bakery morning.mp4**\nIt is 2 min 30 s long.");
  });

  it("400 for both ids, 404 Project not found for another user's or an unknown project", async () => {
    expect((await ask(alice, { question: "x", project_id: projectId, video_id: harbour.jobId })).body).toEqual({
      detail: "video_id, project_id: give one of them, not both",
    });
    const bobsProject = (await call("POST", "/projects", { auth: bob.api_key, body: { name: "Bob's" } })).body.id;
    for (const id of [bobsProject, crypto.randomUUID(), "junk"]) {
      const res = await ask(alice, { question: "x", project_id: id });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Project not found" });
      expect((await call("POST", "/search", { auth: alice.api_key, body: { query: "x", project_id: id } })).body).toEqual({ detail: "Project not found" });
    }
  });

  it("search filters by project_id (intersected with job ids)", async () => {
    const loner = await addEmbeddedVideo(alice, [{ module: "transcription", start: 1, content: "The harbour is quiet tonight" }], { duration: 10, segmentSeconds: 1, metadata: null });
    const all = (await call("POST", "/search", { auth: alice.api_key, body: { query: "harbour" } })).body as any[];
    expect(all.map((r) => r.job_id)).toContain(loner.jobId);
    const inProject = (await call("POST", "/search", { auth: alice.api_key, body: { query: "harbour", project_id: projectId } })).body as any[];
    expect(inProject.length).toBeGreaterThan(0);
    expect(inProject.map((r) => r.job_id)).toContain(harbour.jobId);
    expect(inProject.every((r) => r.job_id === harbour.jobId || r.job_id === bakery.jobId)).toBe(true);
    const narrowed = (await call("POST", "/search", { auth: alice.api_key, body: { query: "harbour", project_id: projectId, job_ids: [loner.jobId] } })).body;
    expect(narrowed).toEqual([]);
  });

  it("with a model: videos are labelled V1, V2 in the context and the model's [V2 mm:ss] become links", async () => {
    Object.assign(process.env, fake.env());
    const asked: ChatRequest[] = [];
    fake.chat = (req) => {
      asked.push(req);
      return "They fold the sourdough at [V2 01:05], and the boats leave at [V1 00:02].";
    };
    const res = await ask(alice, { question: "When do they fold the sourdough?", project_id: projectId });
    expect(res.status, res.text).toBe(200);
    const system = asked[0]!.messages[0]!.content as string;
    expect(system).toContain('V1 = "Harbour at dawn.mp4" (duration 00:40)');
    expect(system).toContain('V2 = "Bakery morning.mp4" (duration 02:30)');
    expect(system).toContain("[V2 01:05–01:07] transcription: Now we fold the sourdough and let it rest");
    expect(res.body.answer).toBe(
      `They fold the sourdough at [Bakery morning.mp4 01:05](/videos/${bakery.jobId}?t=65), and the boats leave at [Harbour at dawn.mp4 00:02](/videos/${harbour.jobId}?t=2).`,
    );
    expect(res.body.citations).toEqual([
      { job_id: bakery.jobId, video_name: "Bakery morning.mp4", start_time: 65 },
      { job_id: harbour.jobId, video_name: "Harbour at dawn.mp4", start_time: 2 },
    ]);
  });
});

describe("re-embedding after the embedding model changed", () => {
  it("vectors of the old model stay searchable, show as pending, and are replaced in the background", async () => {
    const old = await addEmbeddedVideo(alice, [{ module: "transcription", start: 1, content: "A lighthouse blinks over the cliffs" }], { duration: 10, segmentSeconds: 1, metadata: null });
    const db = await getDb();
    // as an older install left them: vectors of the lexical hash
    const { rows } = { rows: (await db.execute(`SELECT id, content FROM segments WHERE job_id = '${old.jobId}'`)) as any };
    const list = (Array.isArray(rows) ? rows : rows.rows) as { id: string; content: string }[];
    const lexical = await embedTexts(list.map((r) => r.content), { model: LEXICAL_EMBEDDING_MODEL });
    await writeSegmentVectors(db, { model: LEXICAL_EMBEDDING_MODEL, vectors: list.map((r, i) => ({ id: r.id, vector: lexical.vectors[i]! })), replacing: true });

    const before = (await call("GET", "/search/embeddings", { auth: alice.api_key })).body;
    expect(before).toMatchObject({ model: "local-use-lite-512", pending: 1 });
    expect(before.current).toBe(before.segments - 1);
    const found = (await call("POST", "/search", { auth: alice.api_key, body: { query: "lighthouse" } })).body as any[];
    expect(found.map((r) => r.job_id)).toContain(old.jobId); // compared with a lexical query meanwhile

    expect(await reembedAll(db)).toBe(1);
    const after = (await call("GET", "/search/embeddings", { auth: alice.api_key })).body;
    expect(after).toMatchObject({ pending: 0, running: false, last_error: null });
    expect(after.current).toBe(after.segments);
    const models = (await db.execute(`SELECT DISTINCT embedding_model FROM segments WHERE job_id = '${old.jobId}'`)) as any;
    expect((Array.isArray(models) ? models : models.rows).map((r: any) => r.embedding_model)).toEqual(["local-use-lite-512"]);
    const again = (await call("POST", "/search", { auth: alice.api_key, body: { query: "lighthouse" } })).body as any[];
    expect(again.find((r) => r.job_id === old.jobId)).toMatchObject({ matched_terms: ["lighthouse"] });
    expect(await reembedAll(db)).toBe(0); // nothing left: resumable and idempotent
  });
});
