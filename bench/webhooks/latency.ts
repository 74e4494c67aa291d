// bench/webhooks: how long after a run's `done` event its webhook reaches a receiver, over N real
// jobs (generated clip, `shots` module, embedded runner, local receiver on 127.0.0.1). Latency =
// arrival at the receiver − the `done` row's created_at (the payload's timestamp).
//
//   npx tsx bench/webhooks/latency.ts [--jobs 100] [--mode woken|poll]
//
// woken: the dispatcher lives in the process that wrote the event and is woken at once (the
//        embedded runner's case). poll: it only polls (every 1 s, its default), as a dispatcher in
//        another app process on the same database would.
import { spawn } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";
import os from "node:os";
import path from "node:path";

const args = process.argv.slice(2);
const opt = (name: string, def: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const jobs = Number(opt("jobs", "100"));
const mode = opt("mode", "woken");

process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "va-bench-webhooks-"));
process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "1";
process.env.RATE_LIMIT_PER_MINUTE = "100000000";

// The receiver runs in its own process (as a customer's would), so the app's event loop does not
// delay its clock; it prints one JSON line per request.
const RECEIVER = `
const http = require("node:http");
const server = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    const at = Date.now();
    res.writeHead(204).end();
    console.log(JSON.stringify({ at, id: req.headers["webhook-id"], json: JSON.parse(body) }));
  });
});
server.listen(0, "127.0.0.1", () => console.log(JSON.stringify({ port: server.address().port })));
`;

interface Arrival {
  at: number;
  id: string;
  json: { timestamp: string; data: { status?: string } };
}

async function startReceiver() {
  const child = spawn(process.execPath, ["-e", RECEIVER], { stdio: ["ignore", "pipe", "inherit"] });
  const received: Arrival[] = [];
  let ready: (port: number) => void;
  const port = new Promise<number>((r) => (ready = r));
  readline.createInterface({ input: child.stdout! }).on("line", (line) => {
    const msg = JSON.parse(line);
    if (msg.port) ready(msg.port);
    else received.push(msg);
  });
  return {
    url: `http://127.0.0.1:${await port}/hook`,
    received,
    waitFor: async (n: number, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`received ${received.length} of ${n}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => child.kill(),
  };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function main() {
  const { getDb, closeDb } = await import("@/db/client");
  const { createUserWithKey } = await import("@/lib/users/create-user-with-key");
  const { EmbeddedRunner } = await import("@/lib/pipeline/embedded-runner");
  const { WebhookDispatcher } = await import("@/lib/webhooks/dispatcher");
  const { getStorage } = await import("@/lib/storage");
  const { makeClip } = await import("../../tests/helpers/media");
  const webhooksRoute = await import("@/app/api/webhooks/route");
  const registerAndProcess = await import("@/app/api/videos/register-and-process/route");

  const db = await getDb();
  const user = await createUserWithKey(db, { email: "bench@example.com", name: "bench" });
  const receiver = await startReceiver();
  const post = (handler: (req: Request) => Promise<Response>, url: string, body: unknown) =>
    handler(new Request(`http://localhost/api${url}`, { method: "POST", headers: { authorization: user.api_key, "content-type": "application/json" }, body: JSON.stringify(body) }));
  const created = await post(webhooksRoute.POST, "/webhooks", { url: receiver.url, events: ["done"] });
  if (created.status !== 201) throw new Error(`register: ${created.status} ${await created.text()}`);

  const clip = makeClip("bench-webhooks", { seconds: 2, size: "160x90" });
  const runner = new EmbeddedRunner(db, { pollMs: 200 }).start();
  const dispatcher = new WebhookDispatcher(db);
  let poller: NodeJS.Timeout | null = null;
  if (mode === "woken") dispatcher.start();
  else poller = setInterval(() => void dispatcher.tick(), 1_000);

  const t0 = Date.now();
  for (let i = 0; i < jobs; i++) {
    const key = `users/${user.user_id}/bench-${i}.mp4`;
    await getStorage().putFile(key, clip, "video/mp4");
    const res = await post(registerAndProcess.POST, "/videos/register-and-process", { storage_path: key, modules: ["shots"] });
    if (res.status !== 200) throw new Error(`register-and-process: ${res.status} ${await res.text()}`);
  }
  await receiver.waitFor(jobs, jobs * 30_000);
  const wall = (Date.now() - t0) / 1000;
  const latencies = receiver.received.map((r) => r.at - Date.parse(r.json.timestamp));
  const failed = receiver.received.filter((r) => r.json.data.status !== "completed").length;
  console.log(`${jobs} jobs (${mode}), ${os.availableParallelism()} cores, ${wall.toFixed(0)} s wall, ${failed} not completed`);
  console.log(`webhook latency after done: p50 ${pct(latencies, 0.5)} ms, p99 ${pct(latencies, 0.99)} ms, max ${Math.max(...latencies)} ms`);
  // Where the time goes: event row → delivery row queued → first attempt started → received.
  const { webhookDeliveries } = await import("@/db/schema");
  const rows = await db.select().from(webhookDeliveries);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const parts = receiver.received.map((r) => {
    const row = byId.get(r.id)!;
    const event = Date.parse(r.json.timestamp);
    const attempt = Date.parse(row.attemptLog[0]!.at);
    return { queued: row.createdAt.getTime() - event, claimed: attempt - row.createdAt.getTime(), sent: r.at - attempt };
  });
  for (const k of ["queued", "claimed", "sent"] as const) {
    const xs = parts.map((p) => p[k]);
    console.log(`  ${k.padEnd(8)} p50 ${pct(xs, 0.5)} ms, p99 ${pct(xs, 0.99)} ms`);
  }
  console.log(`load average during the run: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);

  if (poller) clearInterval(poller);
  await dispatcher.stop();
  await runner.stop();
  receiver.close();
  await closeDb();
  fs.rmSync(process.env.DATA_DIR!, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
