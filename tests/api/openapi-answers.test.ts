// The OpenAPI document declares every answer the routes give: status and media type (and a real
// schema for each body). This file drives a representative set of requests itself — the report in
// each format, the combined report, redirects, MCP's 202, and the error answers (403, 402, 409,
// 413, 405) — and checks each recorded answer against the document (tests/helpers/answer-log.ts).
// `npm test` also checks every answer that all the other API tests provoked, after them
// (scripts/check-api-answers.ts).
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { insertClip } from "@/db/queries/clips";
import { insertVideo } from "@/db/queries/videos";
import { clips } from "@/db/schema";
import { clipStreamUrl } from "@/lib/clips/clip-response";
import { undeclaredAnswers, undeclaredReason } from "@/lib/openapi/declared-answers";
import { call } from "../helpers/api";
import { recordedAnswers } from "../helpers/answer-log";
import { useApiTestEnv } from "../helpers/env";
import { makeClip } from "../helpers/media";
import { loadOpenApiDoc } from "../helpers/openapi-doc";
import { addEmbeddedVideo } from "../helpers/segments";
import { makeUser, type TestUser } from "../helpers/users";
import { storeFile } from "../helpers/videos";

useApiTestEnv("openapi-answers");

let doc: any;
let alice: TestUser;
let bob: TestUser;
let jobId: string;

beforeAll(async () => {
  doc = loadOpenApiDoc();
  alice = await makeUser("answers-alice@example.com");
  bob = await makeUser("answers-bob@example.com");
  jobId = (
    await addEmbeddedVideo(alice, [{ module: "transcription", start: 1, end: 4, content: "The boats leave the harbour at dawn" }], {
      name: "Harbour.mp4",
      duration: 6,
      segmentSeconds: 3,
      metadata: null,
    })
  ).jobId;
});

/** Runs `work`, then expects every answer it provoked to be declared (and that it provoked some). */
async function expectDeclared(work: () => Promise<void>): Promise<void> {
  const since = recordedAnswers().length;
  await work();
  const answers = recordedAnswers(since);
  expect(answers.length).toBeGreaterThan(0);
  expect(undeclaredAnswers(doc, answers)).toEqual([]);
}

describe("the document declares what the routes answer", () => {
  it("GET /download/report/{job_id}: JSON, CSV, SRT and WebVTT, each with its media type", async () => {
    await expectDeclared(async () => {
      for (const [format, type] of [["json", "application/json"], ["csv", "text/csv"], ["srt", "application/x-subrip"], ["vtt", "text/vtt"]]) {
        const res = await call("GET", `/download/report/${jobId}?module=transcription&format=${format}`, { auth: alice.api_key });
        expect(res.status, res.text).toBe(200);
        expect(res.headers.get("content-type")).toMatch(new RegExp(`^${type}`));
      }
    });
    const report = doc.paths["/download/report/{job_id}"].get.responses["200"].content;
    expect(Object.keys(report).sort()).toEqual(["application/json", "application/x-subrip", "text/csv", "text/vtt"]);
  });

  it("GET /download/combined-report/{job_id}: a JSON body with a real schema, not `unknown`", async () => {
    await expectDeclared(async () => {
      const res = await call("GET", `/download/combined-report/${jobId}`, { auth: alice.api_key });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ job_id: jobId, modules: { transcription: [{ content: "The boats leave the harbour at dawn" }] } });
    });
    const schema = doc.paths["/download/combined-report/{job_id}"].get.responses["200"].content["application/json"].schema;
    expect(schema).toEqual({ $ref: "#/components/schemas/CombinedReport" });
    expect(doc.components.schemas.CombinedReport.required).toEqual(expect.arrayContaining(["job_id", "video_name", "duration", "status", "generated_at", "modules"]));
  });

  it("403 for another user's path (register-and-process), 413 for a body over 1 MiB, 402 without allowance, 409 on a taken job_id and on a busy video", async () => {
    await expectDeclared(async () => {
      const foreign = await call("POST", "/videos/register-and-process", { auth: alice.api_key, body: { storage_path: `users/${bob.user_id}/x.mp4`, modules: ["shots"] } });
      expect([foreign.status, foreign.body]).toEqual([403, { detail: "Storage path does not belong to this user" }]);
      const huge = await call("POST", "/videos/register-and-process", { auth: alice.api_key, rawBody: JSON.stringify({ storage_path: "a.mp4", file_name: "x".repeat(1024 * 1024) }) });
      expect([huge.status, huge.body]).toEqual([413, { detail: "Request body too large" }]);
      // A file longer than the whole allowance (3000 minutes): refused, nothing queued.
      const db = await getDb();
      const long = await insertVideo(db, { userId: alice.user_id, jobId: crypto.randomUUID(), name: "long.mp4", storagePath: `users/${alice.user_id}/long.mp4`, duration: 3001 * 60, status: "uploaded" });
      const broke = await call("POST", `/videos/${long.jobId}/process`, { auth: alice.api_key, body: { modules: ["shots"] } });
      expect([broke.status, broke.body]).toEqual([402, { detail: "Processing allowance exhausted" }]);
      const key = await storeFile(alice.user_id, makeClip("answers-clip", { seconds: 2 }), "answers.mp4");
      await storeFile(bob.user_id, makeClip("answers-clip", { seconds: 2 }), "answers.mp4");
      const taken = await call("POST", "/processing/register-upload", { auth: bob.api_key, body: { file_path: `users/${bob.user_id}/answers.mp4`, job_id: jobId } });
      expect([taken.status, taken.body]).toEqual([409, { detail: "job_id is already in use" }]);
      const queued = await call("POST", "/videos/register-and-process", { auth: alice.api_key, body: { storage_path: key, modules: ["shots"] } });
      expect(queued.status, queued.text).toBe(200);
      const busy = await call("POST", `/videos/${queued.body.job_id}/process`, { auth: alice.api_key, body: { modules: ["shots"] } });
      expect([busy.status, busy.body]).toEqual([409, { detail: "Video is already being processed" }]);
    });
  });

  it("GET /playback/clip/{clip_id}: a completed clip's 302; POST /api/mcp: 202 for a notification", async () => {
    await expectDeclared(async () => {
      const db = await getDb();
      const clip = await insertClip(db, { userId: alice.user_id, title: "c", ranges: [{ job_id: jobId, start: 0, end: 1 }], duration: 1 });
      const key = await storeFile(alice.user_id, makeClip("answers-clip-file", { seconds: 1 }), `clip-${clip.id}.mp4`);
      await db.update(clips).set({ status: "completed", storagePath: key }).where(eq(clips.id, clip.id));
      const res = await call("GET", new URL(clipStreamUrl(clip.id)).pathname.replace(/^\/api/, "") + new URL(clipStreamUrl(clip.id)).search);
      expect(res.status).toBe(302);
      const note = await call("POST", "/mcp", {
        auth: alice.api_key,
        headers: { accept: "application/json, text/event-stream" },
        body: { jsonrpc: "2.0", method: "notifications/initialized" },
      });
      expect(note.status).toBe(202);
    });
  });

  it("every declared body has a schema, and a method a route does not have is its 405, not an operation", () => {
    let bodies = 0;
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        for (const [status, r] of Object.entries<any>(op.responses)) {
          for (const [type, media] of Object.entries<any>(r.content ?? {})) {
            expect(media.schema, `${method.toUpperCase()} ${path} ${status} ${type}`).toBeDefined();
            expect(Object.keys(media.schema).length, `${method.toUpperCase()} ${path} ${status} ${type}: an empty schema is \`unknown\``).toBeGreaterThan(0);
            bodies++;
          }
        }
      }
    }
    expect(bodies).toBeGreaterThan(300);
    expect(undeclaredReason(doc, { method: "PUT", path: "/keys", status: 405, type: "application/json" })).toBeNull();
    expect(undeclaredReason(doc, { method: "GET", path: "/keys", status: 418, type: "application/json" })).toMatch(/status 418 not declared/);
    expect(undeclaredReason(doc, { method: "GET", path: "/keys", status: 200, type: "text/csv" })).toMatch(/media type text\/csv not declared/);
  });
});
