// Streamed chat answers (Accept: text/event-stream) against a real database: the offline answer
// streamed as deltas, the model's answer streamed from a local OpenAI-compatible server that
// streams its completion, the final `message` event equal to the JSON body, errors before the
// first byte as {detail} with their status, and stopping a stream.
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { useFakeOpenAI } from "../helpers/openai-server";
import { dispatch } from "../helpers/routes";
import { addEmbeddedVideo } from "../helpers/segments";
import { makeUser, type TestUser } from "../helpers/users";

useApiTestEnv("chat-stream");
const fake = useFakeOpenAI();

let alice: TestUser;
let bob: TestUser;
let bakery: { jobId: string; videoId: string };

beforeAll(async () => {
  alice = await makeUser("stream-alice@example.com");
  bob = await makeUser("stream-bob@example.com");
  bakery = await addEmbeddedVideo(
    alice,
    [
      { module: "transcription", start: 3, content: "Good morning and welcome to the bakery" },
      { module: "transcription", start: 65, content: "Now we fold the sourdough and let it rest" },
      { module: "transcription", start: 67.5, content: "The dough rests for an hour" },
      { module: "logos", start: 90, end: 95, content: "Acme Flour" },
    ],
    { name: "Bakery.mp4", duration: 150, segmentSeconds: 2, metadata: null },
  );
});

type Event = { type: string; text?: string; detail?: string; [k: string]: unknown };

function post(path: string, auth: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  return dispatch(
    new Request(`http://localhost/api${path}`, {
      method: "POST",
      headers: { authorization: auth, "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify(body),
      signal,
    }),
  );
}

/** Reads the stream to its end: its events, and how many separate reads delivered them. */
async function readEvents(res: Response): Promise<{ events: Event[]; reads: number; readsBeforeMessage: number }> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let reads = 0;
  let readsBeforeMessage = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    reads++;
    text += decoder.decode(value, { stream: true });
    if (!text.includes('"type":"message"')) readsBeforeMessage = reads;
  }
  const events = text
    .split("\n\n")
    .filter(Boolean)
    .map((block) => {
      expect(block.startsWith("data: "), block).toBe(true);
      return JSON.parse(block.slice(6)) as Event;
    });
  return { events, reads, readsBeforeMessage };
}

describe("POST /api/chat/ask with Accept: text/event-stream", () => {
  it("offline: deltas that join to the answer, then the message event with exactly the JSON body's fields", async () => {
    const res = await post("/chat/ask", alice.api_key, { question: "When do they fold the sourdough?", video_id: bakery.jobId });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const { events } = await readEvents(res);
    const deltas = events.filter((e) => e.type === "delta");
    expect(deltas.length).toBeGreaterThan(1);
    const last = events[events.length - 1]!;
    expect(last.type).toBe("message");
    expect(events.filter((e) => e.type === "message")).toHaveLength(1);
    const { type, ...body } = last;
    expect(type).toBe("message");
    expect(Object.keys(body).sort()).toEqual(["answer", "citations", "feedback_id", "session_id"]);
    expect(deltas.map((d) => d.text).join("")).toBe(body.answer);
    expect(String(body.answer).startsWith("At [01:05]: ")).toBe(true);
    expect(body.answer).toContain("[01:05]");
    const stored = await call("GET", `/chat/sessions/${body.session_id}/messages`, { auth: alice.api_key });
    expect(stored.body.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ["user", "When do they fold the sourdough?"],
      ["assistant", body.answer],
    ]);
  });

  it("JSON stays the default without the Accept header", async () => {
    const res = await call("POST", "/chat/ask", { auth: alice.api_key, body: { question: "sourdough?", video_id: bakery.jobId } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(Object.keys(res.body).sort()).toEqual(["answer", "citations", "feedback_id", "session_id"]);
  });

  it("errors before the first byte keep their status and {detail}", async () => {
    const missing = await post("/chat/ask", bob.api_key, { question: "sourdough?", video_id: bakery.jobId });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("application/json");
    expect(await missing.json()).toEqual({ detail: "Video not found" });
    const bad = await post("/chat/ask", alice.api_key, { video_id: bakery.jobId });
    expect(bad.status).toBe(400);
    expect((await bad.json()).detail).toMatch(/^question/);
    const anon = await post("/chat/ask", "", { question: "x", video_id: bakery.jobId });
    expect(anon.status).toBe(401);
  });

  it("with a model: the model's completion is streamed as it arrives and stored whole", async () => {
    Object.assign(process.env, fake.env());
    const answer = "They fold the sourdough at [01:05] and then let the dough rest for an hour [01:07].";
    fake.chat = () => answer;
    fake.streamDelayMs = 25;
    const res = await post("/chat/ask", alice.api_key, { question: "When do they fold?", video_id: bakery.jobId });
    expect(res.status).toBe(200);
    const { events, readsBeforeMessage } = await readEvents(res);
    expect(fake.requestsTo("/v1/chat/completions").map((r) => r.body.stream)).toEqual([true]);
    const deltas = events.filter((e) => e.type === "delta").map((e) => e.text);
    // One delta per model chunk, arriving in separate reads before the final message.
    expect(deltas.length).toBe(answer.split(" ").length);
    expect(readsBeforeMessage).toBeGreaterThanOrEqual(5);
    expect(deltas.join("")).toBe(answer);
    const message = events[events.length - 1]!;
    expect(message).toMatchObject({ type: "message", answer });
    const stored = await call("GET", `/chat/sessions/${message.session_id}/messages`, { auth: alice.api_key });
    expect(stored.body[1].content).toBe(answer);
    expect(JSON.parse(stored.body[1].metadata)).toMatchObject({ model: "gpt-4o-mini", feedback_id: message.feedback_id });
  });

  it("with a model that fails: the fallback answer is streamed and carried by the message", async () => {
    Object.assign(process.env, fake.env());
    fake.fail("/v1/chat/completions", 400, "context too long");
    const res = await post("/chat/ask", alice.api_key, { question: "sourdough?", video_id: bakery.jobId });
    expect(res.status).toBe(200);
    const { events } = await readEvents(res);
    const message = events[events.length - 1]!;
    expect(message.type).toBe("message");
    expect(String(message.answer)).toMatch(/^The language model \(gpt-4o-mini\) could not answer \(.*context too long/);
    expect(events.filter((e) => e.type === "delta").map((e) => e.text).join("")).toBe(message.answer);
  });

  it("stopping mid-answer ends the stream and the model call", async () => {
    Object.assign(process.env, fake.env());
    fake.chat = () => Array.from({ length: 200 }, (_, i) => `word${i}`).join(" ");
    fake.streamDelayMs = 20;
    const ac = new AbortController();
    const res = await post("/chat/ask", alice.api_key, { question: "sourdough?", video_id: bakery.jobId }, ac.signal);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('"type":"delta"');
    ac.abort();
    await reader.cancel();
    // The request's signal reached the model call: the model's stream is closed before its end.
    const [request] = fake.requestsTo("/v1/chat/completions");
    for (let i = 0; i < 100 && !request!.streamCut; i++) await new Promise((r) => setTimeout(r, 50));
    expect(request!.streamCut).toBe(true);
  });
});

describe("POST /api/chat/sessions/{session_id}/messages with Accept: text/event-stream", () => {
  it("201, the content as deltas, then the message event equal to the JSON body", async () => {
    const session = await call("POST", "/chat/sessions", { auth: alice.api_key, body: { title: "notes" } });
    const res = await post(`/chat/sessions/${session.body.id}/messages`, alice.api_key, { content: "A note about the fold at [01:05]", role: "assistant" });
    expect(res.status).toBe(201);
    const { events } = await readEvents(res);
    const { type, ...message } = events[events.length - 1]!;
    expect(type).toBe("message");
    expect(events.filter((e) => e.type === "delta").map((e) => e.text).join("")).toBe("A note about the fold at [01:05]");
    const listed = await call("GET", `/chat/sessions/${session.body.id}/messages`, { auth: alice.api_key });
    expect(listed.body).toEqual([message]);
    const foreign = await post(`/chat/sessions/${session.body.id}/messages`, bob.api_key, { content: "x" });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ detail: "Chat session not found" });
  });
});
