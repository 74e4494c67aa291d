// Offline speech-to-text through the real pipeline: Silero VAD + PocketSphinx (Debian packages,
// installed by .ci/run) on real read speech (pocketsphinx-testdata) muxed into videos here. Also
// what must never become text: a tone, another language, a missing recogniser; and per-capability
// endpoints sending transcription to a local OpenAI-compatible server while chat stays offline.
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { runEvents } from "@/db/schema";
import { getModelClient } from "@/lib/ai/provider";
import { transcribeOffline } from "@/lib/analysis/speech";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { useFakeOpenAI } from "../helpers/openai-server";
import { librivox, speechVideo } from "../helpers/speech";
import { makeUser, type TestUser } from "../helpers/users";
import { registerClip, waitForStatus } from "../helpers/videos";

/** PocketSphinx takes a fraction of real time on a free core; a shared CI machine may have none free. */
const SLOW = 300_000;

useApiTestEnv("transcription-offline");

let user: TestUser;
let runner: EmbeddedRunner;
const fake = useFakeOpenAI({ alsoUnset: ["OPENAI_TRANSCRIBE_BASE_URL", "OPENAI_TRANSCRIBE_API_KEY", "OPENAI_TRANSCRIBE_MODEL", "POCKETSPHINX_PATH"] });

beforeAll(async () => {
  user = await makeUser("offline-speech@example.com");
  runner = new EmbeddedRunner(await getDb(), { pollMs: 50, leaseMs: 10_000 }).start();
});
afterAll(async () => {
  await runner?.stop();
});
afterEach(() => {
  delete process.env.POCKETSPHINX_PATH;
  delete process.env.OPENAI_TRANSCRIBE_BASE_URL;
  delete process.env.OPENAI_TRANSCRIBE_API_KEY;
});

async function transcribe(file: string) {
  const jobId = await registerClip(user, file);
  const start = await call("POST", `/processing/${jobId}/start`, { auth: user.api_key, body: { selected_insights: '["transcription"]' } });
  expect(start.status, start.text).toBe(200);
  const done = await waitForStatus(user.api_key, jobId, ["completed", "failed"], SLOW - 10_000);
  expect(done.status, JSON.stringify(done)).toBe("completed");
  const segments = ((await call("GET", `/videos/${jobId}/segments`, { auth: user.api_key })).body as any[]).filter((s) => s.module === "transcription");
  const db = await getDb();
  const events = await db.select().from(runEvents).where(and(eq(runEvents.jobId, jobId), eq(runEvents.type, "module_completed")));
  const completed = events.map((e) => e.data as any).find((d) => d.module === "transcription");
  return { segments, completed };
}

describe("offline speech-to-text", () => {
  it("gives one segment per utterance of real speech, at its time, with confidence, words and language", async () => {
    const { file, starts } = speechVideo("two-utterances", [1.5, librivox("0870"), 2.5, librivox("0920"), 1]);
    const { segments, completed } = await transcribe(file);
    expect(segments).toHaveLength(2);
    segments.forEach((s, i) => expect(Math.abs(s.start_time - starts[i]!)).toBeLessThanOrEqual(1));
    // Read speech: most words right (the bench measures the error rate); these are among them.
    expect(segments[0].content.toLowerCase()).toMatch(/consider how much there might be/);
    expect(segments[1].content.toLowerCase()).toMatch(/married a more amiable woman/);
    for (const s of segments) {
      const m = JSON.parse(s.metadata);
      expect(m).toMatchObject({ provider: "local", method: "pocketsphinx", vad: "silero_vad", language: "en" });
      expect(m.confidence).toBeGreaterThan(0.35);
      expect(m.confidence).toBeLessThanOrEqual(1);
      expect(m.words.length).toBeGreaterThan(5);
      expect(m.words[0][1]).toBeCloseTo(s.start_time, 3);
    }
    expect(completed).toMatchObject({ module: "transcription", segments: 2 });
    expect(completed.notes).toBeUndefined();
  }, SLOW);

  it("a steady tone is not speech: no segments and a note", async () => {
    const { segments, completed } = await transcribe(makeClip("tone-only", { seconds: 3 }));
    expect(segments).toEqual([]);
    expect(completed.notes).toEqual(["No speech was detected in the audio (voice activity detection found none)"]);
  });

  it("speech in no language the recogniser knows (reversed English) gives no invented text", async () => {
    const { file } = speechVideo("reversed", [1, librivox("0880"), librivox("0930"), 1], { reverse: true });
    const { segments, completed } = await transcribe(file);
    expect(segments).toEqual([]);
    expect(completed.notes).toHaveLength(1);
    expect(completed.notes[0]).toMatch(/^The speech could not be recognised as English \(mean word confidence 0\.\d+\)/);
  }, SLOW);

  it("an audio track tagged with another language is not guessed at", async () => {
    const { file } = speechVideo("french-tag", [1, librivox("0880")], { language: "fra" });
    const { segments, completed } = await transcribe(file);
    expect(segments).toEqual([]);
    expect(completed.notes[0]).toMatch(/^The audio track is tagged as language "fra": the offline speech-to-text knows US English only/);
  });

  it("without the recogniser installed, the note says so (naming the program, not its path) and the run completes", async () => {
    process.env.POCKETSPHINX_PATH = "/nonexistent/pocketsphinx_continuous";
    const { segments, completed } = await transcribe(makeClip("no-sphinx", { seconds: 2 }));
    expect(segments).toEqual([]);
    expect(completed.notes).toEqual([
      "No speech-to-text is configured (set OPENAI_API_KEY) and the video has no subtitle track; offline speech-to-text is " +
        "unavailable: pocketsphinx_continuous is not installed (apt-get install pocketsphinx pocketsphinx-en-us)",
    ]);
  });

  it("audio that is not a readable WAV is a note, not an error", async () => {
    const r = await transcribeOffline(new URL(import.meta.url).pathname);
    expect(r.utterances).toEqual([]);
    expect(r.notes).toEqual(["The audio track could not be read (not a WAV file)"]);
  });
});

describe("per-capability endpoints", () => {
  it("OPENAI_TRANSCRIBE_BASE_URL (+ its own key) sends transcription to that server and leaves chat offline", async () => {
    Object.assign(process.env, { OPENAI_TRANSCRIBE_BASE_URL: fake.url, OPENAI_TRANSCRIBE_API_KEY: fake.apiKey });
    expect(getModelClient("chat")).toBeNull();
    expect(getModelClient("embedding")).toBeNull();
    expect(getModelClient("transcribe")?.model).toBe("whisper-1");
    fake.transcription = () => ({ language: "english", segments: [{ start: 0.2, end: 1.4, text: " From the local server." }] });
    const { segments } = await transcribe(makeClip("local-whisper", { seconds: 2 }));
    expect(segments.map((s) => s.content)).toEqual(["From the local server."]);
    expect(JSON.parse(segments[0].metadata)).toMatchObject({ provider: "openai", model: "whisper-1" });
    expect(fake.requestsTo("/v1/audio/transcriptions")).toHaveLength(1);
  });

  it("a capability's own base URL and key win over the shared ones", async () => {
    Object.assign(process.env, { OPENAI_API_KEY: "sk-shared", OPENAI_BASE_URL: "http://127.0.0.1:9/v1", OPENAI_CHAT_BASE_URL: "http://127.0.0.1:8/v1", OPENAI_CHAT_API_KEY: "sk-chat" });
    try {
      expect(getModelClient("chat")?.client.baseURL).toBe("http://127.0.0.1:8/v1");
      expect(getModelClient("chat")?.client.apiKey).toBe("sk-chat");
      expect(getModelClient("vision")?.client.baseURL).toBe("http://127.0.0.1:9/v1");
      expect(getModelClient("vision")?.client.apiKey).toBe("sk-shared");
    } finally {
      for (const k of ["OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_CHAT_BASE_URL", "OPENAI_CHAT_API_KEY"]) delete process.env[k];
    }
  });

  it("a capability's own base URL needs no key; `none` still turns it off", async () => {
    process.env.OPENAI_TRANSCRIBE_BASE_URL = "http://127.0.0.1:7/v1";
    try {
      expect(getModelClient("transcribe")?.client.baseURL).toBe("http://127.0.0.1:7/v1");
      expect(getModelClient("chat")).toBeNull();
      process.env.OPENAI_TRANSCRIBE_MODEL = "none";
      expect(getModelClient("transcribe")).toBeNull();
    } finally {
      delete process.env.OPENAI_TRANSCRIBE_MODEL;
    }
  });
});
