// A web process stopped (SIGTERM) while a client follows a video's processing events: the stream
// does not just break off; its last bytes are a comment and an SSE `retry:` hint, so the client
// reconnects with Last-Event-ID (to another process, or this one restarted) and misses nothing.
// The stop logs no error line.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { makeClip } from "../helpers/media";
import { AppProcess, errorLines, until, uploadAndRegister } from "./app-process";

const PORT = Number(process.env.CRASH_STOP_SSE_PORT) || 3218;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "va-crash-stop-sse-"));
let app: AppProcess | undefined;

afterAll(async () => {
  await app?.kill9();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it("SIGTERM with an open event stream: the stream ends with `retry:`, the process exits 0 without an error line", async () => {
  app = AppProcess.start({ port: PORT, dataDir, env: { RATE_LIMIT_PER_MINUTE: "100000" } });
  await app.waitHealthy(120_000);
  const key = (await until("the first start's API key", () => app!.apiKey(), 10_000))!;
  // Uploaded, not started: its stream stays open (keepalives) until a run ends.
  const { jobId } = await uploadAndRegister(app, key, makeClip("stop-sse", { seconds: 2 }), "stop-sse.mp4");
  const res = await app.fetch(`/api/processing/${jobId}/events`, { key });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
  let received = "";
  const decoder = new TextDecoder();
  const read = (async () => {
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) received += decoder.decode(chunk, { stream: true });
      return "ended";
    } catch {
      return "cut";
    }
  })();
  await until("the stream to say it is connected", () => received.includes(": connected"), 10_000, 20);

  process.kill(app.pid, "SIGTERM");
  const how = await read;
  const { code } = await app.exited;
  expect(how, received).toBe("ended");
  // The last event block is the stop's: a comment, then the reconnection hint.
  const blocks = received.split("\n\n").filter(Boolean);
  const last = blocks.at(-1)!;
  expect(last, received).toMatch(/^retry: \d+$/m);
  expect(last.split("\n").at(-1), received).toMatch(/^retry: \d+$/);
  expect(last).toMatch(/^: the server is stopping; reconnect with Last-Event-ID$/m);
  expect(received.endsWith("\n\n")).toBe(true);
  expect(code).toBe(0);
  expect(errorLines(app.output), app.output.slice(-3000)).toEqual([]);
});
