// The transcription module through the real pipeline (embedded runner, real ffmpeg): subtitle
// tracks give exact cues; without them, speech-to-text at a local OpenAI-compatible server, cut at
// silences and stitched back; with neither, no segments and a note.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { notifications, runEvents } from "@/db/schema";
import { EmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { call } from "../helpers/api";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { useFakeOpenAI } from "../helpers/openai-server";
import { makeUser, type TestUser } from "../helpers/users";
import { processToCompletion, registerClip, waitForStatus } from "../helpers/videos";

useApiTestEnv("transcription");

let user: TestUser;
let runner: EmbeddedRunner;
const fake = useFakeOpenAI({ alsoUnset: ["OPENAI_TRANSCRIBE_CHUNK_SECONDS", "OPENAI_TRANSCRIBE_MODEL"] });

beforeAll(async () => {
  user = await makeUser("speech@example.com");
  runner = new EmbeddedRunner(await getDb(), { pollMs: 50, leaseMs: 10_000 }).start();
});
afterAll(async () => {
  await runner?.stop();
});

async function transcribe(file: string) {
  const jobId = await registerClip(user, file);
  await processToCompletion(user, jobId, ["transcription"]);
  const segments = (await call("GET", `/videos/${jobId}/segments`, { auth: user.api_key })).body as any[];
  const db = await getDb();
  const events = await db.select().from(runEvents).where(and(eq(runEvents.jobId, jobId), eq(runEvents.type, "module_completed")));
  const completed = events.map((e) => e.data as any).find((d) => d.module === "transcription");
  return { jobId, segments: segments.filter((s) => s.module === "transcription"), completed };
}

/** A clip without subtitles whose 440 Hz tone pauses at the given intervals. */
function toneWithPauses(name: string, seconds: number, pauses: [number, number][]): string {
  const out = path.join(os.tmpdir(), `va-${name}-${process.pid}.mp4`);
  const silent = pauses.map(([a, b]) => `between(t,${a},${b})`).join("+") || "0";
  execFileSync("ffmpeg", [
    "-v", "error", "-y",
    "-f", "lavfi", "-i", `color=c=blue:s=160x90:r=10:d=${seconds}`,
    "-f", "lavfi", "-i", `aevalsrc='if(${silent},0,0.5*sin(2*PI*440*t))':s=16000:d=${seconds}`,
    "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", out,
  ]);
  return out;
}

describe("transcription from a subtitle track", () => {
  it("gives every cue with exactly its times and text, even when a speech-to-text model is configured", async () => {
    Object.assign(process.env, fake.env());
    const cues = [
      { start: 0.5, end: 1.75, text: "Hello there" },
      { start: 2, end: 3.25, text: "Second cue\non two lines" },
      { start: 3.4, end: 3.9, text: "Fish & chips" },
    ];
    const clip = makeClip("subs", { seconds: 4, subtitles: cues });
    const { segments, completed } = await transcribe(clip);
    expect(segments.map((s) => ({ start: s.start_time, end: s.end_time, text: s.content }))).toEqual(cues);
    for (const s of segments) {
      expect(JSON.parse(s.metadata)).toEqual({ provider: "local", method: "subtitle_track", track: 0, language: null });
    }
    expect(completed).toMatchObject({ module: "transcription", segments: 3 });
    expect(completed.notes).toBeUndefined();
    expect(fake.requestsTo("/v1/audio/transcriptions")).toHaveLength(0);
  });
});

describe("transcription with a speech-to-text model", () => {
  it("sends silence-cut WAV pieces as whisper-1 verbose_json and stitches segment times onto the video's clock", async () => {
    Object.assign(process.env, fake.env(), { OPENAI_TRANSCRIBE_CHUNK_SECONDS: "6" });
    const clip = toneWithPauses("pauses", 14, [[5, 6], [10.5, 11.3]]);
    fake.transcription = (req) => ({
      language: "english",
      segments: [
        { start: 0.25, end: Math.min(2.25, req.audioSeconds! - 0.1), text: ` Piece ${req.index} begins.` },
        // The model's "no speech" guess: dropped.
        { start: 2.5, end: 3, text: " Hmm.", no_speech_prob: 0.95, avg_logprob: -1.6 },
        // Piece 1 runs 5.5–10.9 s: this lies in the pause at 10.5–11.3 s, a classic invention: dropped.
        ...(req.index === 1 ? [{ start: 5.05, end: 5.35, text: " Thank you for watching." }] : []),
      ],
    });
    const { segments, completed } = await transcribe(clip);

    const reqs = fake.requestsTo("/v1/audio/transcriptions");
    expect(reqs).toHaveLength(3);
    for (const r of reqs) {
      expect(r.status).toBe(200);
      expect(r.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
      expect(r.body).toMatchObject({
        model: "whisper-1",
        response_format: "verbose_json",
        "timestamp_granularities[]": ["segment"],
        file: { type: "audio/wav" },
      });
      expect(r.body.file.name).toMatch(/\.wav$/);
      expect(r.body.file.size).toBeLessThan(25 * 1024 * 1024);
    }
    // Each piece after the first is prompted with the end of the previous one's text.
    expect(reqs[1]!.body.prompt).toContain("Piece 0 begins.");

    // Pieces were cut at the middle of the pauses (5.5 s and 10.9 s), so the stitched starts are
    // each piece's offset + 0.25 s.
    expect(segments).toHaveLength(3);
    const starts = segments.map((s) => s.start_time);
    expect(starts[0]).toBeCloseTo(0.25, 3);
    expect(Math.abs(starts[1] - 5.75)).toBeLessThan(0.12);
    expect(Math.abs(starts[2] - 11.15)).toBeLessThan(0.12);
    expect(segments.map((s) => s.content)).toEqual(["Piece 0 begins.", "Piece 1 begins.", "Piece 2 begins."]);
    expect(JSON.parse(segments[1].metadata)).toMatchObject({ provider: "openai", model: "whisper-1", language: "english" });
    expect(completed).toMatchObject({ module: "transcription", segments: 3 });
  });

  it("a model that refuses verbose_json: no segments, and the API's reason in the note", async () => {
    Object.assign(process.env, fake.env(), { OPENAI_TRANSCRIBE_MODEL: "gpt-4o-transcribe" });
    const { segments, completed } = await transcribe(makeClip("tone-short", { seconds: 2 }));
    expect(segments).toEqual([]);
    expect(completed.notes).toHaveLength(1);
    expect(completed.notes[0]).toMatch(/^The speech-to-text model gpt-4o-transcribe refused the audio: 400 response_format 'verbose_json' is not compatible/);
  });

  it("a server outage fails the run with the provider's message (nothing invented)", async () => {
    Object.assign(process.env, fake.env());
    fake.fail("/v1/audio/transcriptions", 503, "The server is overloaded", 10);
    const jobId = await registerClip(user, makeClip("tone-outage", { seconds: 2 }));
    await call("POST", `/processing/${jobId}/start`, { auth: user.api_key, body: { selected_insights: '["transcription"]' } });
    const done = await waitForStatus(user.api_key, jobId);
    expect(done.status).toBe("failed");
    expect(done.error).toMatch(/overloaded/);
    expect((await call("GET", `/videos/${jobId}/segments`, { auth: user.api_key })).body).toEqual([]);
  });

  it("a silent audio track is not sent to the model", async () => {
    Object.assign(process.env, fake.env());
    const { segments, completed } = await transcribe(toneWithPauses("all-quiet", 3, [[0, 3]]));
    expect(segments).toEqual([]);
    expect(completed.notes).toEqual(["The audio track is silent: there is no speech to transcribe"]);
    expect(fake.requestsTo("/v1/audio/transcriptions")).toHaveLength(0);
  });
});

describe("transcription with neither subtitles nor a model (offline speech-to-text)", () => {
  // Real speech offline: modules-transcription-offline.test.ts.
  it("a tone without speech: no segments, and the offline recogniser's reason in the event and the notification", async () => {
    const clip = makeClip("nosubs", { seconds: 2 });
    const { segments, completed } = await transcribe(clip);
    expect(segments).toEqual([]);
    const note = "No speech was detected in the audio (voice activity detection found none)";
    expect(completed).toEqual({ module: "transcription", segments: 0, notes: [note] });
    const db = await getDb();
    const notes = await db.select().from(notifications).where(eq(notifications.userId, user.user_id));
    expect(notes.some((n) => n.message.includes(note))).toBe(true);
  });

  it("a video without audio and without subtitles: nothing to transcribe", async () => {
    const clip = makeClip("silent-film", { seconds: 2, audio: false });
    const { segments, completed } = await transcribe(clip);
    expect(segments).toEqual([]);
    expect(completed.notes).toEqual(["The video has no audio track and no subtitle track: there is nothing to transcribe"]);
  });

  it("a silent audio track: a note, no text, and the run completes", async () => {
    const { segments, completed } = await transcribe(toneWithPauses("all-quiet-offline", 3, [[0, 3]]));
    expect(segments).toEqual([]);
    expect(completed.notes).toEqual(["No speech was detected in the audio (voice activity detection found none)"]);
  });

  it("a video cut off mid-file (audio ends in broken data): a note, no invented text, and the run completes", async () => {
    const whole = toneWithPauses("cut-off-source", 6, []);
    const cut = path.join(os.tmpdir(), `va-cut-off-${process.pid}.mp4`);
    // moov first (faststart), then two thirds of the media data: the rest of the audio is missing.
    execFileSync("ffmpeg", ["-v", "error", "-y", "-i", whole, "-c", "copy", "-movflags", "+faststart", cut]);
    const bytes = fs.readFileSync(cut);
    fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.66)));
    const { segments, completed } = await transcribe(cut);
    expect(segments).toEqual([]);
    expect(completed.notes).toHaveLength(1);
    // Whatever the broken tail decodes to, it is said in words and never becomes text.
    expect(completed.notes[0]).toMatch(/^(No speech was detected|Speech-like sound was found but no words could be recognised|The audio track (is silent|could not be read))/);
  });
});
