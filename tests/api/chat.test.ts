// Chat against a real database: sessions and messages, asking the agent offline (answers made of
// time-stamped segments) and with a model (a local OpenAI-compatible server whose recorded
// requests show exactly what the model was given), feedback, and the enterprise askAgent engine.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { chatFeedback, chatMessages } from "@/db/schema";
import { ApiError } from "@/lib/core/errors";
import { CHAT_SYSTEM_PROMPT } from "@/lib/chat/answer";
import { askAgent } from "@/lib/chat/ask-agent";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { useFakeOpenAI, type ChatRequest } from "../helpers/openai-server";
import { addEmbeddedVideo, type SeedSegment } from "../helpers/segments";
import { makeUser, type TestUser } from "../helpers/users";

useApiTestEnv("chat");

let alice: TestUser;
let bob: TestUser;
const fake = useFakeOpenAI();
let bakery: { jobId: string; videoId: string };
let other: { jobId: string; videoId: string };
let empty: { jobId: string; videoId: string };
let bobs: { jobId: string; videoId: string };

const addVideo = (owner: TestUser, name: string, segs: SeedSegment[]) =>
  addEmbeddedVideo(owner, segs, { name, duration: 150, segmentSeconds: 2, metadata: null });

const BAKERY: SeedSegment[] = [
  { module: "transcription", start: 3, content: "Good morning and welcome to the bakery" },
  { module: "transcription", start: 65, content: "Now we fold the sourdough and let it rest" },
  { module: "transcription", start: 67.5, content: "The dough rests for an hour" },
  { module: "transcription", start: 125, content: "Thanks for watching, see you tomorrow" },
  { module: "visualelements", start: 60, end: 70, content: "Warm brown tones, on-screen text: SOURDOUGH" },
  { module: "logos", start: 90, end: 95, content: "Acme Flour" },
  { module: "logos", start: 110, end: 112, content: "Acme Flour" },
  { module: "scenes", start: 0, end: 60, content: "Scene 1 of 2: welcome at the counter" },
];

const ask = (user: TestUser, body: Record<string, unknown>) => call("POST", "/chat/ask", { auth: user.api_key, body });
const messagesOf = async (user: TestUser, sessionId: string) => (await call("GET", `/chat/sessions/${sessionId}/messages`, { auth: user.api_key })).body as any[];

beforeAll(async () => {
  alice = await makeUser("chat-alice@example.com");
  bob = await makeUser("chat-bob@example.com");
  bakery = await addVideo(alice, "Bakery morning.mp4", BAKERY);
  other = await addVideo(alice, "Harbour.mp4", [{ module: "transcription", start: 1, content: "The boats leave the harbour" }]);
  empty = await addVideo(alice, "Unprocessed.mp4", []);
  bobs = await addVideo(bob, "Bob's bakery.mp4", BAKERY);
});

describe("POST /api/chat/ask without a model", () => {
  it("creates a session titled from the question and answers from the segments, citing their times", async () => {
    const res = await ask(alice, { question: "  When do they fold the sourdough?  ", video_id: bakery.jobId });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["answer", "citations", "feedback_id", "session_id"]);
    const { answer, session_id, feedback_id } = res.body;
    // "when …": the best moment first, as a sentence; no "no model" preamble (the page says that once)
    expect(answer.startsWith("At [01:05]: Now we fold the sourdough and let it rest (Transcription)")).toBe(true);
    expect(answer).not.toMatch(/language model/i);
    const items = answer.split("\n").filter((l: string) => l.startsWith("- "));
    for (const item of items) expect(item).toMatch(/^- \[\d\d:\d\d\] .+ \((Transcription|Visual elements|Logos|Scenes)\)$/);
    expect(answer).not.toMatch(/Thanks for watching/); // nothing in common with the question
    expect(res.body.citations[0]).toEqual({ job_id: bakery.jobId, video_name: "Bakery morning.mp4", start_time: 65 });
    expect(res.body.citations).toHaveLength(items.length + 1);

    const session = (await call("GET", `/chat/sessions/${session_id}`, { auth: alice.api_key })).body;
    expect(session).toMatchObject({
      id: session_id,
      user_id: alice.user_id,
      video_id: bakery.videoId,
      job_id: bakery.jobId,
      video_name: "Bakery morning.mp4",
      title: "When do they fold the sourdough?",
      message_count: 2,
      last_message: answer,
    });

    const msgs = await messagesOf(alice, session_id);
    expect(msgs.map((m) => [m.role, m.content])).toEqual([
      ["user", "When do they fold the sourdough?"],
      ["assistant", answer],
    ]);
    expect(msgs[0].metadata).toBeNull();
    const meta = JSON.parse(msgs[1].metadata);
    expect(meta).toMatchObject({ feedback_id, mode: "vector", model: null, segments_used: items.length + 1 });
    expect(meta.segment_ids).toHaveLength(items.length + 1);
  });

  it("titles a long question at a word boundary, at most 80 characters", async () => {
    const question = "Which brands of flour can be seen on screen in this video, and at what moments exactly do they appear for the viewer?";
    const res = await ask(alice, { question, video_id: bakery.jobId });
    const session = (await call("GET", `/chat/sessions/${res.body.session_id}`, { auth: alice.api_key })).body;
    expect(session.title).toBe("Which brands of flour can be seen on screen in this video, and at what moments…");
    expect(session.title.length).toBeLessThanOrEqual(80);
    expect(res.body.answer).toContain("- [01:30] Acme Flour (Logos)");
  });

  it("accepts the internal video id as video_id", async () => {
    const res = await ask(alice, { question: "welcome bakery", video_id: bakery.videoId });
    expect(res.status).toBe(200);
    expect(res.body.answer).toContain("[00:03] Good morning and welcome to the bakery (Transcription)");
  });

  it("brute_force: all segments, repeats kept once with their times; metadata says so", async () => {
    const res = await ask(alice, { question: "Acme Flour", video_id: bakery.jobId, mode: "brute_force" });
    expect(res.status).toBe(200);
    expect(res.body.answer).toContain("- [01:30] Acme Flour (Logos)");
    expect(res.body.answer).not.toContain("[01:50] Acme Flour"); // the repeat is one line
    const meta = JSON.parse((await messagesOf(alice, res.body.session_id))[1].metadata);
    expect(meta).toMatchObject({ mode: "brute_force", model: null });
    expect(meta.segment_ids.length).toBe(meta.segments_used);
    expect(meta.segment_ids).toHaveLength(2); // both Acme segments stand behind the one line
  });

  it("modules narrows what is retrieved", async () => {
    const res = await ask(alice, { question: "sourdough", video_id: bakery.jobId, modules: ["visualelements"] });
    const items = res.body.answer.split("\n").filter((l: string) => l.startsWith("- "));
    expect(items).toEqual(["- [01:00] Warm brown tones, on-screen text: SOURDOUGH (Visual elements)"]);
  });

  it("says so, listing nothing, when no segment matches — and when the video has none", async () => {
    const none = await ask(alice, { question: "quantum chromodynamics", video_id: bakery.jobId });
    expect(none.body.answer).toMatch(/^None of the video's 8 analysis segments matches the question/);
    expect(none.body.answer).not.toMatch(/^- /m);
    const bare = await ask(alice, { question: "what happens?", video_id: empty.jobId });
    expect(bare.status).toBe(200);
    expect(bare.body.answer).toMatch(/no analysis segments yet/);
  });

  it("400s: question too long or empty, bad mode, unknown module", async () => {
    const long = await ask(alice, { question: "x".repeat(4001), video_id: bakery.jobId });
    expect(long.body).toEqual({ detail: "question: must be at most 4000 characters" });
    expect((await ask(alice, { question: "   ", video_id: bakery.jobId })).body).toEqual({ detail: "question: must not be empty" });
    expect((await ask(alice, { question: "x", video_id: bakery.jobId, mode: "psychic" })).body.detail).toMatch(/^mode: must be one of vector, brute_force/);
    expect((await ask(alice, { question: "x", video_id: bakery.jobId, modules: ["smell"] })).status).toBe(400);
    expect((await ask(alice, { question: "x" })).body).toEqual({ detail: "video_id, project_id: one of them is required" });
  });

  it("404 Video not found for another user's video; 404 Chat session not found for another user's session", async () => {
    for (const video_id of [bobs.jobId, bobs.videoId, crypto.randomUUID(), "nope"]) {
      const res = await ask(alice, { question: "hello", video_id });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Video not found" });
    }
    const bobsSession = (await ask(bob, { question: "sourdough?", video_id: bobs.jobId })).body.session_id;
    const res = await ask(alice, { question: "hello", video_id: bakery.jobId, session_id: bobsSession });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: "Chat session not found" });
    expect(await messagesOf(bob, bobsSession)).toHaveLength(2); // untouched
  });

  it("400 when the session is about another video; a session without a video takes this one", async () => {
    const first = await ask(alice, { question: "boats?", video_id: other.jobId });
    const res = await ask(alice, { question: "bread?", video_id: bakery.jobId, session_id: first.body.session_id });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("video_id: the session is about another video");
    const blank = (await call("POST", "/chat/sessions", { auth: alice.api_key, body: {} })).body;
    const ok = await ask(alice, { question: "boats?", video_id: other.jobId, session_id: blank.id });
    expect(ok.status).toBe(200);
    expect(ok.body.session_id).toBe(blank.id);
    const session = (await call("GET", `/chat/sessions/${blank.id}`, { auth: alice.api_key })).body;
    expect(session).toMatchObject({ video_id: other.videoId, job_id: other.jobId, title: "New chat", message_count: 2 });
  });
});

describe("POST /api/chat/ask with a model", () => {
  const asked: ChatRequest[] = [];
  beforeAll(() => {
    fake.chat = (req) => {
      asked.push(req);
      return `They fold the sourdough at [01:05] (answer ${asked.length}).`;
    };
  });

  it("sends the system prompt with the segments and their [mm:ss] times, then the question", async () => {
    Object.assign(process.env, fake.env());
    asked.length = 0;
    const res = await ask(alice, { question: "When do they fold the dough?", video_id: bakery.jobId });
    expect(res.status, res.text).toBe(200);
    expect(res.body.answer).toBe("They fold the sourdough at [01:05] (answer 1).");
    expect(asked).toHaveLength(1);
    const { messages, model } = asked[0]!;
    expect(model).toBe("gpt-4o-mini");
    expect(messages).toHaveLength(2);
    expect(messages[0]!.role).toBe("system");
    const system = messages[0]!.content as string;
    expect(system.startsWith(CHAT_SYSTEM_PROMPT)).toBe(true);
    expect(system).toContain('Video: "Bakery morning.mp4" (duration 02:30, status completed).');
    expect(system).toContain("[01:05–01:07] transcription: Now we fold the sourdough and let it rest");
    expect(system).toContain("[01:00–01:10] visualelements: Warm brown tones, on-screen text: SOURDOUGH");
    expect(messages[1]).toEqual({ role: "user", content: "When do they fold the dough?" });
    const meta = JSON.parse((await messagesOf(alice, res.body.session_id))[1].metadata);
    expect(meta).toMatchObject({ feedback_id: res.body.feedback_id, mode: "vector", model: "gpt-4o-mini", segments_used: BAKERY.length });
  });

  it("continues a session with exactly its last 10 messages: the 11th-oldest is not sent", async () => {
    Object.assign(process.env, fake.env());
    const session = (await call("POST", "/chat/sessions", { auth: alice.api_key, body: { video_id: bakery.jobId, title: "History" } })).body;
    for (let i = 1; i <= 12; i++) {
      const res = await call("POST", `/chat/sessions/${session.id}/messages`, {
        auth: alice.api_key,
        body: { role: i % 2 ? "user" : "assistant", content: `history message ${i}` },
      });
      expect(res.status).toBe(201);
    }
    asked.length = 0;
    const res = await ask(alice, { question: "And then?", video_id: bakery.jobId, session_id: session.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.session_id).toBe(session.id);
    const sent = asked[0]!.messages;
    expect(sent).toHaveLength(1 + 10 + 1);
    expect(sent.slice(1, 11)).toEqual(
      Array.from({ length: 10 }, (_, k) => ({ role: (k + 3) % 2 ? "user" : "assistant", content: `history message ${k + 3}` })),
    );
    expect(sent[11]).toEqual({ role: "user", content: "And then?" });
    const all = JSON.stringify(sent);
    expect(all).not.toContain("history message 2\""); // the 11th-oldest
    expect(all).not.toContain("history message 1\"");

    // the next turn's window slides over the stored question and answer
    asked.length = 0;
    await ask(alice, { question: "Once more?", video_id: bakery.jobId, session_id: session.id });
    const next = asked[0]!.messages.slice(1, 11).map((m) => m.content);
    expect(next).toEqual([...Array.from({ length: 8 }, (_, k) => `history message ${k + 5}`), "And then?", "They fold the sourdough at [01:05] (answer 1)."]);
    const stored = await messagesOf(alice, session.id);
    expect(stored).toHaveLength(16);
    expect(stored.slice(-2).map((m) => m.role)).toEqual(["user", "assistant"]);
  });

  it("brute_force gives the model every segment, compressed", async () => {
    Object.assign(process.env, fake.env());
    asked.length = 0;
    const res = await ask(alice, { question: "Summarise", video_id: bakery.jobId, mode: "brute_force" });
    expect(res.status).toBe(200);
    const system = asked[0]!.messages[0]!.content as string;
    expect(system).toContain("Segments: all 8 segments of the video, in time order, merged and compressed into 7 lines.");
    // everything fits, so the two close transcription cues keep their own lines; the repeated logo
    // is one line with both times
    expect(system).toMatch(/\[01:05–01:0\d\] transcription: Now we fold the sourdough and let it rest\n\[01:07–01:\d\d\] transcription: The dough rests for an hour/);
    expect(system).toContain("[01:30–01:35] logos: Acme Flour (also at [01:50])");
    const meta = JSON.parse((await messagesOf(alice, res.body.session_id))[1].metadata);
    expect(meta).toMatchObject({ mode: "brute_force", segments_used: 8 });
  });

  it("a failing model: the answer falls back to the segments and says why", async () => {
    Object.assign(process.env, fake.env());
    fake.fail("/v1/chat/completions", 400, "The model is overloaded", 1);
    const res = await ask(alice, { question: "sourdough fold", video_id: bakery.jobId });
    expect(res.status).toBe(200);
    expect(res.body.answer).toMatch(/^The language model \(gpt-4o-mini\) could not answer \(.*overloaded.*\), so this answer is put together from the analysis, quoted as it is:\n\nThe moments that match the question best:\n\n- \[01:05\]/);
    const meta = JSON.parse((await messagesOf(alice, res.body.session_id))[1].metadata);
    expect(meta.model).toBeNull();
    expect(meta.model_error).toMatch(/overloaded/);
  });
});

describe("chat sessions", () => {
  it("POST /api/chat/sessions → 201, with or without a video; 404 for another user's video", async () => {
    const res = await call("POST", "/chat/sessions", { auth: alice.api_key, body: { video_id: bakery.jobId, title: "  Notes  " } });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([
      "created_at", "id", "job_id", "last_message", "message_count", "project_id", "project_name", "title", "updated_at", "user_id", "video_id", "video_name",
    ]);
    expect(res.body).toMatchObject({ video_id: bakery.videoId, job_id: bakery.jobId, title: "Notes", message_count: 0, last_message: null });
    const bare = await call("POST", "/chat/sessions", { auth: alice.api_key, body: {} });
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({ video_id: null, job_id: null, video_name: null, title: "New chat" });
    const foreign = await call("POST", "/chat/sessions", { auth: alice.api_key, body: { video_id: bobs.jobId } });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: "Video not found" });
  });

  it("GET /api/chat/sessions lists the caller's, most recent first, filtered by job id or internal id", async () => {
    const all = (await call("GET", "/chat/sessions", { auth: alice.api_key })).body as any[];
    expect(all.length).toBeGreaterThan(3);
    expect(all.every((s) => s.user_id === alice.user_id)).toBe(true);
    const times = all.map((s) => s.updated_at);
    expect(times).toEqual([...times].sort().reverse());
    const byJob = (await call("GET", `/chat/sessions?video_id=${other.jobId}`, { auth: alice.api_key })).body as any[];
    const byId = (await call("GET", `/chat/sessions?video_id=${other.videoId}`, { auth: alice.api_key })).body as any[];
    expect(byJob.length).toBeGreaterThan(0);
    expect(byJob.every((s) => s.job_id === other.jobId)).toBe(true);
    expect(byId).toEqual(byJob);
    for (const v of [bobs.jobId, "junk"]) {
      const res = await call("GET", `/chat/sessions?video_id=${v}`, { auth: alice.api_key });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Video not found" });
    }
  });

  it("PATCH renames (title required), DELETE removes the session and its messages", async () => {
    const made = await ask(alice, { question: "rename me", video_id: bakery.jobId });
    const id = made.body.session_id;
    const renamed = await call("PATCH", `/chat/sessions/${id}`, { auth: alice.api_key, body: { title: "Renamed" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id, title: "Renamed", message_count: 2 });
    expect((await call("PATCH", `/chat/sessions/${id}`, { auth: alice.api_key, body: {} })).body).toEqual({ detail: "title: is required" });
    expect((await call("PATCH", `/chat/sessions/${id}`, { auth: alice.api_key, body: { title: " " } })).status).toBe(400);

    const del = await call("DELETE", `/chat/sessions/${id}`, { auth: alice.api_key });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ ok: true });
    expect((await call("GET", `/chat/sessions/${id}/messages`, { auth: alice.api_key })).status).toBe(404);
    const left = await (await getDb()).select().from(chatMessages).where(eq(chatMessages.sessionId, id));
    expect(left).toEqual([]);
    expect((await call("DELETE", `/chat/sessions/${id}`, { auth: alice.api_key })).body).toEqual({ detail: "Chat session not found" });
  });

  it("POST messages: role defaults to user, metadata must be JSON text, content at most 100,000", async () => {
    const session = (await call("POST", "/chat/sessions", { auth: alice.api_key, body: { video_id: bakery.jobId } })).body;
    const url = `/chat/sessions/${session.id}/messages`;
    const made = await call("POST", url, { auth: alice.api_key, body: { content: "a note" } });
    expect(made.status).toBe(201);
    expect(Object.keys(made.body).sort()).toEqual(["content", "created_at", "id", "metadata", "role", "session_id"]);
    expect(made.body).toMatchObject({ session_id: session.id, role: "user", content: "a note", metadata: null });
    const withMeta = await call("POST", url, { auth: alice.api_key, body: { role: "assistant", content: "reply", metadata: '{"source":"import"}' } });
    expect(withMeta.body).toMatchObject({ role: "assistant", metadata: '{"source":"import"}' });
    expect((await call("POST", url, { auth: alice.api_key, body: { content: "x", metadata: "{not json" } })).body).toEqual({ detail: "metadata: must be JSON text" });
    expect((await call("POST", url, { auth: alice.api_key, body: { content: "x".repeat(100_001) } })).body).toEqual({ detail: "content: must be at most 100000 characters" });
    expect((await call("POST", url, { auth: alice.api_key, body: { content: "x", role: "system" } })).status).toBe(400);
    const after = (await call("GET", `/chat/sessions/${session.id}`, { auth: alice.api_key })).body;
    expect(after).toMatchObject({ message_count: 2, last_message: "reply" });
    expect(after.updated_at > session.updated_at).toBe(true);
  });

  it("404 Chat session not found for another user's session on every session route", async () => {
    const bobsSession = (await call("POST", "/chat/sessions", { auth: bob.api_key, body: { video_id: bobs.jobId, title: "Bob's" } })).body.id;
    const tries: [string, string, unknown?][] = [
      ["GET", `/chat/sessions/${bobsSession}`],
      ["PATCH", `/chat/sessions/${bobsSession}`, { title: "mine now" }],
      ["DELETE", `/chat/sessions/${bobsSession}`],
      ["GET", `/chat/sessions/${bobsSession}/messages`],
      ["POST", `/chat/sessions/${bobsSession}/messages`, { content: "hi" }],
      ["GET", "/chat/sessions/not-a-uuid"],
    ];
    for (const [method, url, body] of tries) {
      const res = await call(method, url, { auth: alice.api_key, body });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body).toEqual({ detail: "Chat session not found" });
    }
    const still = (await call("GET", `/chat/sessions/${bobsSession}`, { auth: bob.api_key })).body;
    expect(still).toMatchObject({ title: "Bob's", message_count: 0 });
    expect((await call("GET", "/chat/sessions", { auth: alice.api_key })).body.some((s: any) => s.id === bobsSession)).toBe(false);
  });
});

describe("POST /api/chat/feedback", () => {
  it("201 rates an answer; rating again updates it; 404 for unknown or another user's feedback id", async () => {
    const { feedback_id } = (await ask(alice, { question: "sourdough", video_id: bakery.jobId })).body;
    const up = await call("POST", "/chat/feedback", { auth: alice.api_key, body: { feedback_id, rating: "up" } });
    expect(up.status, up.text).toBe(201);
    expect(up.body).toMatchObject({ feedback_id, rating: "up", comment: null });
    const down = await call("POST", "/chat/feedback", { auth: alice.api_key, body: { feedback_id, rating: "down", comment: "missed the fold" } });
    expect(down.status).toBe(201);
    expect(down.body).toMatchObject({ feedback_id, rating: "down", comment: "missed the fold" });
    const rows = await (await getDb()).select().from(chatFeedback).where(eq(chatFeedback.feedbackId, feedback_id));
    expect(rows.map((r) => [r.rating, r.comment, r.userId])).toEqual([["down", "missed the fold", alice.user_id]]);

    for (const id of [crypto.randomUUID(), "nope"]) {
      const res = await call("POST", "/chat/feedback", { auth: alice.api_key, body: { feedback_id: id, rating: "up" } });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: "Feedback not found" });
    }
    const stolen = await call("POST", "/chat/feedback", { auth: bob.api_key, body: { feedback_id, rating: "up" } });
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ detail: "Feedback not found" });
    expect((await call("POST", "/chat/feedback", { auth: alice.api_key, body: { feedback_id, rating: "meh" } })).status).toBe(400);
  });
});

describe("GET /api/chat/sessions/{session_id}/feedback", () => {
  it("200 lists the ratings of the session's answers; 404 for another user's session", async () => {
    const first = (await ask(alice, { question: "sourdough", video_id: bakery.jobId })).body;
    const second = (await ask(alice, { question: "Acme Flour", video_id: bakery.jobId, session_id: first.session_id })).body;
    const url = `/chat/sessions/${first.session_id}/feedback`;
    expect((await call("GET", url, { auth: alice.api_key })).body).toEqual([]);

    await call("POST", "/chat/feedback", { auth: alice.api_key, body: { feedback_id: second.feedback_id, rating: "down", comment: "no" } });
    await call("POST", "/chat/feedback", { auth: alice.api_key, body: { feedback_id: first.feedback_id, rating: "up" } });
    const res = await call("GET", url, { auth: alice.api_key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((f: any) => [f.feedback_id, f.rating, f.comment])).toEqual([
      [first.feedback_id, "up", null],
      [second.feedback_id, "down", "no"],
    ]);
    expect(Object.keys(res.body[0]).sort()).toEqual(["comment", "created_at", "feedback_id", "rating"]);

    const foreign = await call("GET", url, { auth: bob.api_key });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ detail: "Chat session not found" });
  });
});

describe("askAgent (the enterprise action's engine)", () => {
  it("answers {answer, job_id, segments_used} without a session", async () => {
    const db = await getDb();
    const before = (await call("GET", "/chat/sessions", { auth: alice.api_key })).body.length;
    const out = await askAgent(db, { userId: alice.user_id, jobId: bakery.jobId, query: "Acme Flour" });
    expect(out.job_id).toBe(bakery.jobId);
    expect(out.answer).toContain("- [01:30] Acme Flour (Logos)");
    expect(out.segments_used).toBeGreaterThan(0);
    expect((await call("GET", "/chat/sessions", { auth: alice.api_key })).body.length).toBe(before);

    Object.assign(process.env, fake.env());
    fake.chat = () => "Acme Flour shows at [01:30] and [01:50].";
    const modelled = await askAgent(db, { userId: alice.user_id, jobId: bakery.jobId, query: "Which flour?", modules: ["logos"] });
    expect(modelled).toEqual({ answer: "Acme Flour shows at [01:30] and [01:50].", job_id: bakery.jobId, segments_used: 2 });
  });

  it("404 Video not found for another user's job; 400 for an empty query", async () => {
    const db = await getDb();
    await expect(askAgent(db, { userId: alice.user_id, jobId: bobs.jobId, query: "x" })).rejects.toMatchObject({ status: 404, detail: "Video not found" });
    await expect(askAgent(db, { userId: alice.user_id, jobId: bakery.jobId, query: "  " })).rejects.toBeInstanceOf(ApiError);
  });
});
