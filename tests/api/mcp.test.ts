// The MCP server, driven by the SDK's own client over both transports: Streamable HTTP against
// /api/mcp (a real HTTP server in front of the route handlers), and stdio through `npm run mcp`
// relaying to that server. Every tool is listed and called; a user sees only their own videos
// and clips (make_clip → get_clip until cut by the real clip worker → its links play); errors
// carry the API's detail, prefixed once; no credential is a 401; a refused key on stdio is
// answered in the protocol.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { insertSegments } from "@/db/queries/segments";
import { startClipWorker, type ClipWorker } from "@/lib/clips/clip-worker";
import { useApiTestEnv } from "../helpers/env";
import { useHttpServer } from "../helpers/http-server";
import { makeClip } from "../helpers/media";
import { addEmbeddedVideo, type SeedSegment } from "../helpers/segments";
import { makeUser, type TestUser } from "../helpers/users";
import { storeFile } from "../helpers/videos";

useApiTestEnv("mcp");
const server = useHttpServer({ appUrl: true });

const TOOLS = ["ask", "get_clip", "get_results", "get_transcript", "get_video", "list_clips", "list_videos", "make_clip", "process_video", "search_moments"];

const HARBOUR: SeedSegment[] = [
  { module: "shots", start: 0, end: 12, content: "Shot 1 · 12.0 s · opens the video · bright, static, mostly blue" },
  { module: "shots", start: 12, end: 40, content: "Shot 2 · 28.0 s · cut in · moderate motion, mostly teal" },
  { module: "transcription", start: 2, end: 5, content: "The boats leave the harbour at dawn" },
  { module: "transcription", start: 30, end: 33, content: "Seagulls circle over the fishing fleet" },
];

let alice: TestUser;
let bob: TestUser;
let harbour: string;
let bobsVideo: string;
/** A 6 s video of Alice's with its file in storage, for clips the worker really cuts. */
let short: string;
let clipWorker: ClipWorker;

beforeAll(async () => {
  alice = await makeUser("mcp-alice@example.com");
  bob = await makeUser("mcp-bob@example.com");
  const seeded = await addEmbeddedVideo(alice, HARBOUR, { name: "Harbour tour.mp4", duration: 40, segmentSeconds: 3, metadata: null });
  harbour = seeded.jobId;
  await insertSegments(await getDb(), [
    {
      videoId: seeded.videoId, jobId: harbour, userId: alice.user_id, module: "video_reasoning", startTime: 0, endTime: 40,
      content: "Computed digest of a 0:40 video; 2 shots; transcript of 13 words in 2 cues.",
      metadata: JSON.stringify({ provider: "local", method: "computed_digest" }),
    },
  ]);
  const shortVideo = await addEmbeddedVideo(alice, [{ module: "shots", start: 0, end: 6, content: "Colour blocks" }], { name: "Short.mp4", duration: 6, segmentSeconds: 6, metadata: null });
  short = shortVideo.jobId;
  await storeFile(alice.user_id, makeClip("mcp-short", { seconds: 6 }), `${short}.mp4`);
  clipWorker = startClipWorker(await getDb(), { pollMs: 100 });
  bobsVideo = (await addEmbeddedVideo(bob, [{ module: "transcription", start: 1, content: "Bob's secret bakery recipe" }], { duration: 10, segmentSeconds: 2, metadata: null })).jobId;
});

afterAll(async () => {
  await clipWorker?.shutdown();
});

function httpTransport(key: string | null): StreamableHTTPClientTransport {
  const headers: Record<string, string> = key ? { Authorization: key } : {};
  return new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), { requestInit: { headers } });
}

function stdioTransport(key: string): StdioClientTransport {
  return new StdioClientTransport({
    command: "npm",
    args: ["run", "--silent", "mcp"],
    cwd: process.cwd(),
    env: { ...(process.env as Record<string, string>), VA_URL: server.url, VA_API_KEY: key },
    stderr: "pipe",
  });
}

async function connect(kind: "http" | "stdio", key: string): Promise<Client> {
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  await client.connect(kind === "http" ? httpTransport(key) : stdioTransport(key));
  return client;
}

const text = (r: CallToolResult) => r.content.map((c) => (c.type === "text" ? c.text : "")).join("");
const json = (r: CallToolResult) => JSON.parse(text(r));

async function tool(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

describe.each(["http", "stdio"] as const)("MCP over %s", (kind) => {
  let a: Client;
  let b: Client;
  beforeAll(async () => {
    a = await connect(kind, alice.api_key);
    b = await connect(kind, bob.api_key);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("lists every tool with a description and the API's argument names", async () => {
    const { tools } = await a.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const t of tools) expect(t.description!.length, t.name).toBeGreaterThan(40);
    const props = (name: string) => Object.keys((tools.find((t) => t.name === name)!.inputSchema.properties ?? {}) as object).sort();
    expect(props("search_moments")).toEqual(["job_ids", "limit", "modules", "project_id", "query", "threshold"]);
    expect(props("get_results")).toEqual(["job_id", "module", "offset"]);
    expect(props("list_videos")).toEqual(["project_id", "status"]);
    expect(props("process_video")).toEqual(["file_name", "modules", "project_id", "storage_path", "url"]);
  });

  it("list_videos: only the caller's videos, with status filter", async () => {
    // (process_video below adds queued videos of Alice's; the completed one is the seeded video.)
    const mine = json(await tool(a, "list_videos", { status: "completed" }));
    expect(mine.map((v: any) => v.job_id).sort()).toEqual([harbour, short].sort());
    expect(mine.find((v: any) => v.job_id === harbour)).toMatchObject({ name: "Harbour tour.mp4", status: "completed", duration: 40, link: `${server.url}/videos/${harbour}` });
    expect(json(await tool(b, "list_videos", {})).map((v: any) => v.job_id)).toEqual([bobsVideo]);
    expect(json(await tool(a, "list_videos", {})).map((v: any) => v.job_id)).not.toContain(bobsVideo);
    expect(json(await tool(a, "list_videos", { status: "failed" }))).toEqual([]);
  });

  it("get_video: status, duration, segment counts and the digest as summary; another user's is Video not found", async () => {
    const v = json(await tool(a, "get_video", { job_id: harbour }));
    expect(v).toMatchObject({ job_id: harbour, status: "completed", duration: 40, segment_counts: { shots: 2, transcription: 2, video_reasoning: 1 } });
    expect(v.summary).toContain("Computed digest of a 0:40 video");
    const other = await tool(b, "get_video", { job_id: harbour });
    expect(other.isError).toBe(true);
    expect(text(other)).toBe("Video not found");
  });

  it("search_moments: hits with job_id, start, end, text, module and a link to the moment", async () => {
    const hits = json(await tool(a, "search_moments", { query: "boats harbour", limit: 5 }));
    expect(hits.length).toBeGreaterThan(0);
    expect(hits[0]).toMatchObject({ job_id: harbour, start: 2, end: 5, module: "transcription", text: "The boats leave the harbour at dawn", link: `${server.url}/videos/${harbour}?t=2` });
    // Bob's library has no harbour, and naming Alice's video is a 404 as in POST /search.
    expect(json(await tool(b, "search_moments", { query: "boats harbour" })).map((h: any) => h.job_id)).not.toContain(harbour);
    const foreign = await tool(b, "search_moments", { query: "boats", job_ids: [harbour] });
    expect(foreign.isError).toBe(true);
    expect(text(foreign)).toBe("Video not found");
  });

  it("get_transcript: [mm:ss] lines, optionally a time range", async () => {
    expect(text(await tool(a, "get_transcript", { job_id: harbour }))).toBe(
      "[00:02] The boats leave the harbour at dawn\n[00:30] Seagulls circle over the fishing fleet",
    );
    expect(text(await tool(a, "get_transcript", { job_id: harbour, start: 20, end: 40 }))).toBe("[00:30] Seagulls circle over the fishing fleet");
    const other = await tool(b, "get_transcript", { job_id: harbour });
    expect([other.isError, text(other)]).toEqual([true, "Video not found"]);
  });

  it("get_results: one module's segments; an unknown module is an input error without internals", async () => {
    const r = json(await tool(a, "get_results", { job_id: harbour, module: "shots" }));
    expect(r).toMatchObject({ job_id: harbour, module: "shots", total: 2, next_offset: null });
    expect(r.segments.map((s: any) => [s.start_time, s.end_time])).toEqual([[0, 12], [12, 40]]);
    const bad = await tool(a, "get_results", { job_id: harbour, module: "faces" });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/module/);
    expect(text(bad)).not.toMatch(/\/work\/|node_modules|at .*\(/);
  });

  it("ask: an answer citing [mm:ss] and a session to continue", async () => {
    const r = await tool(a, "ask", { job_id: harbour, question: "When do the boats leave the harbour?" });
    expect(r.isError, text(r)).toBeFalsy();
    expect(text(r)).toMatch(/\[00:0[2-5]/);
    expect(text(r)).toMatch(/session_id: [0-9a-f-]{36}/);
    const other = await tool(b, "ask", { job_id: harbour, question: "What is in it?" });
    expect([other.isError, text(other)]).toEqual([true, "Video not found"]);
  });

  it("process_video: registers the caller's uploaded file and queues it; a missing file says so", async () => {
    const key = await storeFile(alice.user_id, makeClip("mcp-clip"), `mcp-${kind}.mp4`);
    const r = json(await tool(a, "process_video", { storage_path: key, modules: ["shots"] }));
    expect(r).toMatchObject({ status: "queued", modules: ["shots"] });
    expect(r.job_id).toMatch(/^[0-9a-f-]{36}$/);
    // Bob cannot register Alice's file.
    const foreign = await tool(b, "process_video", { storage_path: key });
    expect([foreign.isError, text(foreign)]).toEqual([true, "Storage path does not belong to this user"]);
    const missing = await tool(a, "process_video", { storage_path: "nothing-here.mp4" });
    expect([missing.isError, text(missing)]).toEqual([true, "File not found in storage"]);
  });

  it("process_video of a file that already is a video: a tool error naming that job; the video and its results stay", async () => {
    const before = json(await tool(a, "get_video", { job_id: harbour }));
    const again = await tool(a, "process_video", { storage_path: `users/${alice.user_id}/${harbour}.mp4`, modules: ["shots"] });
    expect(again.isError).toBe(true);
    expect(text(again)).toBe(`This file is already registered as video ${harbour}; its results are kept. Process or reprocess that video to run it again`);
    const after = json(await tool(a, "get_video", { job_id: harbour }));
    expect(after).toEqual(before);
    expect(after).toMatchObject({ status: "completed", segment_counts: { shots: 2, transcription: 2, video_reasoning: 1 } });
  });

  it("process_video with a url: imported like POST /videos/import; a refused address, or both or neither source, say so", async () => {
    const both = await tool(a, "process_video", { storage_path: "x.mp4", url: "http://example.com/x.mp4" });
    expect([both.isError, text(both)]).toEqual([true, "Give exactly one of storage_path and url"]);
    const neither = await tool(a, "process_video", { modules: ["shots"] });
    expect([neither.isError, text(neither)]).toEqual([true, "Give exactly one of storage_path and url"]);
    const local = await tool(a, "process_video", { url: "http://127.0.0.1:9/clip.mp4" });
    expect([local.isError, text(local)]).toEqual([true, "url: must not point to a loopback, private or link-local address"]);
    process.env.IMPORT_ALLOW_PRIVATE_URLS = "1";
    try {
      // Nothing listens on port 9: the import is accepted here and ends failed in the background.
      const r = json(await tool(a, "process_video", { url: "http://127.0.0.1:9/clip.mp4", modules: ["shots"] }));
      expect(r).toMatchObject({ status: "importing", modules: ["shots"] });
      expect(r.job_id).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      delete process.env.IMPORT_ALLOW_PRIVATE_URLS;
    }
  });

  it("make_clip: ranges of the caller's video are queued; bad ranges and another user's video say so", async () => {
    const r = json(await tool(a, "make_clip", { job_id: harbour, ranges: [{ start: 2, end: 5 }, { start: 30, end: 33 }], title: "Boats" }));
    expect(r).toMatchObject({ status: "queued", duration: 6, ranges: [{ job_id: harbour, start: 2, end: 5 }, { job_id: harbour, start: 30, end: 33 }] });
    expect(r.clip_id).toMatch(/^[0-9a-f-]{36}$/);
    const late = await tool(a, "make_clip", { job_id: harbour, ranges: [{ start: 30, end: 50 }] });
    expect(late.isError).toBe(true);
    expect(text(late)).toMatch(/duration|40/);
    const foreign = await tool(b, "make_clip", { job_id: harbour, ranges: [{ start: 2, end: 5 }] });
    expect([foreign.isError, text(foreign)]).toEqual([true, "Video not found"]);
    const neither = await tool(a, "make_clip", { title: "nothing" });
    expect(neither.isError).toBe(true);
    expect(text(neither)).toMatch(/job_id/);
  });

  it("get_clip / list_clips: the clip make_clip made, polled until cut, with links that play; others' clips are Clip not found", async () => {
    const made = json(await tool(a, "make_clip", { job_id: short, ranges: [{ start: 1, end: 3 }], title: `Short ${kind}` }));
    expect(made.status).toBe("queued");
    const first = json(await tool(a, "get_clip", { clip_id: made.clip_id }));
    expect(first).toMatchObject({ clip_id: made.clip_id, title: `Short ${kind}`, duration: 2, ranges: [{ job_id: short, start: 1, end: 3 }] });
    let clip = first;
    for (const deadline = Date.now() + 180_000; clip.status !== "completed" && clip.status !== "failed"; ) {
      expect(Date.now() < deadline, `clip still ${clip.status}`).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
      clip = json(await tool(a, "get_clip", { clip_id: made.clip_id }));
    }
    expect(clip.status, JSON.stringify(clip)).toBe("completed");
    expect(clip.duration).toBeCloseTo(2, 0);
    expect(clip.file_size).toBeGreaterThan(0);
    expect(clip.stream_url).toMatch(new RegExp(`^${server.url}/api/playback/clip/${made.clip_id}\\?token=`));
    const played = await fetch(clip.stream_url, { redirect: "manual" });
    expect(played.status).toBe(302);
    const downloaded = await fetch(clip.download_url);
    expect(downloaded.status).toBe(200);
    expect((await downloaded.arrayBuffer()).byteLength).toBe(clip.file_size);

    const listed = json(await tool(a, "list_clips", {}));
    expect(listed.map((c: any) => c.clip_id)).toContain(made.clip_id);
    expect(listed.find((c: any) => c.clip_id === made.clip_id)).toMatchObject({ status: "completed", stream_url: expect.any(String), download_url: expect.any(String) });
    expect(json(await tool(a, "list_clips", { status: "completed", limit: 1 }))).toHaveLength(1);
    // (the clips of make_clip above fail: the harbour video has no file)
    const failed = json(await tool(a, "list_clips", { status: "failed" }));
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((c: any) => c.status === "failed" && c.error && !c.stream_url)).toBe(true);
    expect(json(await tool(b, "list_clips", {})).map((c: any) => c.clip_id)).not.toContain(made.clip_id);
    const foreign = await tool(b, "get_clip", { clip_id: made.clip_id });
    expect([foreign.isError, text(foreign)]).toEqual([true, "Clip not found"]);
  }, 240_000);

  it("a JSON-RPC error says its code once: MCP error -32602: Video not found", async () => {
    const err = await b.readResource({ uri: `video://${harbour}/report` }).catch((e: unknown) => e as Error);
    expect((err as Error).message).toBe("MCP error -32602: Video not found");
  });

  it("resources: video://{job_id}/transcript and /report, listed and read per user", async () => {
    const { resources } = await a.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain(`video://${harbour}/transcript`);
    expect(uris).toContain(`video://${harbour}/report`);
    expect(uris.some((u) => u.includes(bobsVideo))).toBe(false);
    const transcript = await a.readResource({ uri: `video://${harbour}/transcript` });
    expect((transcript.contents[0] as { text: string }).text).toContain("[00:30] Seagulls circle over the fishing fleet");
    const report = JSON.parse(((await a.readResource({ uri: `video://${harbour}/report` })).contents[0] as { text: string }).text);
    expect(report).toMatchObject({ job_id: harbour, video_name: "Harbour tour.mp4", status: "completed" });
    expect(report.modules.shots).toHaveLength(2);
    await expect(b.readResource({ uri: `video://${harbour}/report` })).rejects.toThrow(/Video not found/);
  });
});

describe("POST /api/mcp", () => {
  const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } };
  const post = (headers: Record<string, string>, body: unknown = initialize) =>
    fetch(`${server.url}/api/mcp`, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers }, body: JSON.stringify(body) });

  it("401 Missing Authorization header without a credential, and the SDK client fails to connect", async () => {
    const res = await post({});
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: "Missing Authorization header" });
    await expect(new Client({ name: "t", version: "1" }).connect(httpTransport(null))).rejects.toThrow(/Missing Authorization header/);
  });

  it("401 Invalid or inactive API key with a wrong key", async () => {
    const res = await post({ Authorization: `svc_live_${"0".repeat(64)}` });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: "Invalid or inactive API key" });
  });

  it("answers initialize with the server's name and instructions", async () => {
    const res = await post({ Authorization: alice.api_key });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.serverInfo.name).toBe("video-analysis");
    expect(body.result.instructions).toContain("list_videos");
  });

  it("400 {detail} for a body that is not JSON-RPC; 406 with detail without the MCP Accept header", async () => {
    const bad = await post({ Authorization: alice.api_key }, { hello: "world" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).detail).toMatch(/jsonrpc/);
    const res = await fetch(`${server.url}/api/mcp`, { method: "POST", headers: { Authorization: alice.api_key, "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(initialize) });
    expect(res.status).toBe(406);
    expect((await res.json()).detail).toMatch(/Not Acceptable/);
  });

  it("405 for GET (stateless: no server-to-client stream)", async () => {
    const res = await fetch(`${server.url}/api/mcp`, { headers: { Authorization: alice.api_key } });
    expect(res.status).toBe(405);
    expect((await res.json()).detail).toBe("Method GET is not allowed here (allowed: POST)");
  });
});

describe("npm run mcp (stdio)", () => {
  it("a refused key: it starts, answers initialize, and every request is a JSON-RPC error naming the API's detail", async () => {
    const transport = stdioTransport(`svc_live_${"1".repeat(64)}`);
    let stderr = "";
    transport.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
    const client = new Client({ name: "t", version: "1" });
    await client.connect(transport);
    try {
      expect(client.getInstructions()).toContain("Invalid or inactive API key");
      const listed = await client.listTools().catch((e: unknown) => e as Error);
      expect(listed).toBeInstanceOf(Error);
      expect((listed as Error).message).toBe(`MCP error -32600: ${server.url}/api/mcp refused VA_API_KEY: Invalid or inactive API key`);
      const called = await client.callTool({ name: "list_videos", arguments: {} }).catch((e: unknown) => e as Error);
      expect((called as Error).message).toMatch(/^MCP error -32600: .*Invalid or inactive API key$/);
      expect(stderr).toContain("Invalid or inactive API key");
      expect(stderr).not.toMatch(/\n\s+at /);
    } finally {
      await client.close();
    }
  }, 60_000);

  it("no key: requests say to set VA_API_KEY", async () => {
    const transport = stdioTransport("");
    const client = new Client({ name: "t", version: "1" });
    await client.connect(transport);
    try {
      const listed = await client.listTools().catch((e: unknown) => e as Error);
      expect((listed as Error).message).toMatch(/^MCP error -32600: Set VA_API_KEY to an API key/);
    } finally {
      await client.close();
    }
  }, 60_000);
});
