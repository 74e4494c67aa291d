// The typed client (lib/client): its committed types match what the OpenAPI document generates
// now, and against a real HTTP server it returns typed data and turns every non-2xx answer into
// ApiClientError(status, detail) — the server's own words.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { API_TYPES_FILE, generateApiTypes } from "@/lib/openapi/client-types";
import { ApiClientError, createApiClient, unwrap, unwrapResponse, type ApiClient } from "@/lib/client/typed-client";
import { useApiTestEnv } from "../helpers/env";
import { useHttpServer } from "../helpers/http-server";
import { makeUser, type TestUser } from "../helpers/users";
import { GHOST } from "../helpers/api";
import { addEmbeddedVideo } from "../helpers/segments";

useApiTestEnv("typed-client");
const server = useHttpServer({ appUrl: true });

describe("lib/client/api-types.ts", () => {
  it("is what `npm run gen` writes from the current document (regenerate when this fails)", async () => {
    const committed = fs.readFileSync(path.join(process.cwd(), API_TYPES_FILE), "utf8");
    const fresh = await generateApiTypes();
    expect(fresh.length).toBeGreaterThan(10_000);
    expect(committed === fresh, `${API_TYPES_FILE} is stale: run npm run gen`).toBe(true);
  });
});

describe("createApiClient", () => {
  let alice: TestUser;
  let client: ApiClient;
  beforeAll(async () => {
    alice = await makeUser("typed-client@example.com");
    client = createApiClient({ origin: server.url, authorization: () => alice.api_key });
  });

  it("GET /keys: typed data with the credential from `authorization`", async () => {
    const keys = await unwrap(client.GET("/keys"));
    expect(keys).toHaveLength(1);
    expect(keys[0]!.key_prefix).toMatch(/^svc_live_[0-9a-f]{8}…$/);
  });

  it("POST /projects with a body, then GET /projects/{project_id} by path parameter", async () => {
    const created = await unwrap(client.POST("/projects", { body: { name: "Typed" } }));
    const read = await unwrap(client.GET("/projects/{project_id}", { params: { path: { project_id: created.id } } }));
    expect(read).toMatchObject({ id: created.id, name: "Typed", video_count: 0 });
  });

  it("404 Video not found as ApiClientError(404, detail)", async () => {
    const err = await unwrap(client.GET("/videos/{job_id}", { params: { path: { job_id: GHOST } } })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiClientError);
    expect([(err as ApiClientError).status, (err as ApiClientError).detail]).toEqual([404, "Video not found"]);
  });

  it("400 names the field: query parameters are serialized and checked by the server", async () => {
    const err = await unwrap(client.GET("/notifications", { params: { query: { limit: 100000 } } })).catch((e: unknown) => e);
    expect((err as ApiClientError).status).toBe(400);
    expect((err as ApiClientError).detail).toMatch(/^limit: /);
  });

  it("`Authorization: \"\"` sends no credential: 401 Missing Authorization header", async () => {
    const err = await unwrap(client.GET("/keys", { headers: { Authorization: "" } })).catch((e: unknown) => e);
    expect([(err as ApiClientError).status, (err as ApiClientError).detail]).toEqual([401, "Missing Authorization header"]);
  });

  it("unwrapResponse hands over a stream (the events of a video that is not yours are a 404 first)", async () => {
    const err = await unwrapResponse(
      client.GET("/processing/{job_id}/events", { params: { path: { job_id: GHOST } }, parseAs: "stream" }),
    ).catch((e: unknown) => e);
    expect([(err as ApiClientError).status, (err as ApiClientError).detail]).toEqual([404, "Video not found"]);
    const res = await unwrapResponse(client.GET("/openapi.json", { parseAs: "stream" }));
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect((await res.json()).openapi).toMatch(/^3\.0/);
  });

  it("GET /download/report/{job_id}: the segments as typed JSON, and SRT, WebVTT and CSV as text (parseAs: \"text\")", async () => {
    const { jobId } = await addEmbeddedVideo(alice, [{ module: "transcription", start: 1, end: 4, content: "The boats leave the harbour at dawn" }], { duration: 6, segmentSeconds: 3, metadata: null });
    const report = (format: "json" | "csv" | "srt" | "vtt") => ({ params: { path: { job_id: jobId }, query: { module: "transcription" as const, format } } });
    const segments = await unwrap(client.GET("/download/report/{job_id}", report("json")));
    expect(Array.isArray(segments) && segments.map((s) => [s.start_time, s.content])).toEqual([[1, "The boats leave the harbour at dawn"]]);
    const srt = await unwrap(client.GET("/download/report/{job_id}", { ...report("srt"), parseAs: "text" }));
    expect(srt).toMatch(/^1\r?\n00:00:01,000 --> 00:00:04,000\r?\nThe boats leave the harbour at dawn/);
    expect(await unwrap(client.GET("/download/report/{job_id}", { ...report("vtt"), parseAs: "text" }))).toMatch(/^WEBVTT/);
    expect(await unwrap(client.GET("/download/report/{job_id}", { ...report("csv"), parseAs: "text" }))).toMatch(/^id,job_id,module,/);
    const combined = await unwrap(client.GET("/download/combined-report/{job_id}", { params: { path: { job_id: jobId } } }));
    expect(combined.modules.transcription!.map((s) => s.content)).toEqual(["The boats leave the harbour at dawn"]);
  });

  it("an unreachable server is ApiClientError(0)", async () => {
    const offline = createApiClient({ origin: "http://127.0.0.1:9", authorization: () => alice.api_key });
    const err = await unwrap(offline.GET("/keys")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiClientError);
    expect((err as ApiClientError).status).toBe(0);
  });
});
