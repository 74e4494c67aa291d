// `npm start` as Docker, systemd and Kubernetes run it: the tree npm -> sh -> node scripts/start.mjs
// -> next-server, on a fresh DATA_DIR. Whichever of its processes gets SIGTERM, or dies by SIGKILL
// (its children then orphaned), every process of the tree is gone and the port stops answering
// within 10 s. npm forwards SIGTERM to its script shell only, which dies of it without passing it
// on (dash does not exec its command), so start.mjs must notice that its parent went.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { AppProcess, isAlive, livingDescendants, livingGroupMembers, report, until } from "./app-process";

const PORT = Number(process.env.CRASH_NPM_START_PORT) || 3215;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "va-crash-npm-"));
let app: AppProcess | undefined;

afterEach(async () => {
  await app?.kill9();
  app = undefined;
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

interface Tree {
  npm: number;
  shell: number;
  start: number;
  server: number;
  all: number[];
}

/** `npm start`, healthy, and the pids of its tree by role (each must exist, or the test says so). */
async function startTree(): Promise<Tree> {
  app = AppProcess.start({ port: PORT, dataDir, viaNpm: true, env: { RATE_LIMIT_PER_MINUTE: "100000" } });
  await app.waitHealthy(120_000);
  const tree = livingDescendants(app.pid);
  const start = tree.find((p) => / scripts\/start\.mjs$/.test(p.cmd) && p.cmd.startsWith("node"));
  const server = tree.find((p) => p.cmd.startsWith("next-server") || / next start /.test(p.cmd));
  expect(start, JSON.stringify(tree)).toBeDefined();
  expect(server, JSON.stringify(tree)).toBeDefined();
  expect(server!.ppid).toBe(start!.pid);
  return { npm: app.pid, shell: start!.ppid, start: start!.pid, server: server!.pid, all: [app.pid, ...tree.map((p) => p.pid)] };
}

async function portAnswers(): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${PORT}/api/ping`, { signal: AbortSignal.timeout(1000) }).catch(() => null);
  return res !== null;
}

/** Sends `signal` to the tree's `role` process and waits up to 12 s for all of it to be gone. */
async function signalAndAwaitEnd(role: keyof Omit<Tree, "all">, signal: NodeJS.Signals): Promise<number> {
  const tree = await startTree();
  expect(await portAnswers()).toBe(true);
  const t0 = Date.now();
  process.kill(tree[role], signal);
  await until(
    `every process of the tree gone after ${signal} to ${role}`,
    () => tree.all.every((pid) => !isAlive(pid)) && livingGroupMembers(tree.npm).length === 0,
    12_000,
    20,
  ).catch((err) => {
    const left = tree.all.filter(isAlive).map((pid) => `${pid}:${fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ")}`);
    throw new Error(`${(err as Error).message}; still running: ${left.join(", ")}\n${app?.output.slice(-2000)}`);
  });
  const seconds = (Date.now() - t0) / 1000;
  report(`npm start: ${signal} to ${role}, all processes gone`, seconds);
  expect(await portAnswers()).toBe(false);
  return seconds;
}

describe("npm start: the whole tree stops within 10 s", () => {
  it("SIGTERM to npm itself", async () => {
    expect(await signalAndAwaitEnd("npm", "SIGTERM")).toBeLessThan(10);
  });

  it("SIGTERM to npm's script shell", async () => {
    expect(await signalAndAwaitEnd("shell", "SIGTERM")).toBeLessThan(10);
  });

  it("SIGTERM to node scripts/start.mjs", async () => {
    expect(await signalAndAwaitEnd("start", "SIGTERM")).toBeLessThan(10);
  });

  it("SIGTERM to next-server", async () => {
    expect(await signalAndAwaitEnd("server", "SIGTERM")).toBeLessThan(10);
  });

  it("SIGKILL of node scripts/start.mjs (the middle process): the orphaned next-server leaves", async () => {
    expect(await signalAndAwaitEnd("start", "SIGKILL")).toBeLessThan(10);
  });

  it("SIGKILL of next-server", async () => {
    expect(await signalAndAwaitEnd("server", "SIGKILL")).toBeLessThan(10);
  });

  it("SIGKILL of npm: the orphaned shell, start.mjs and next-server leave", async () => {
    expect(await signalAndAwaitEnd("npm", "SIGKILL")).toBeLessThan(10);
  });
});
