// Abuse at the edge of the real server: one key spelled six ways, many invalid keys, forged
// X-Forwarded-For on an unauthenticated endpoint (all rate limited), malformed percent-encoding in
// /api paths (400 JSON, never Next's 500 page), a body that never arrives (408 within the timeout).
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppProcess, until } from "./app-process";

const PORT = 3211;
const LIMIT = 40;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "va-crash-abuse-"));
let app: AppProcess;
let key: string;

beforeAll(async () => {
  app = AppProcess.start({ port: PORT, dataDir, env: { RATE_LIMIT_PER_MINUTE: String(LIMIT), REQUEST_BODY_TIMEOUT_SECONDS: "2" } });
  await app.waitHealthy();
  key = (await until("the first start's API key", () => app.apiKey(), 10_000))!;
});

afterAll(async () => {
  await app?.kill9();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function statuses(n: number, make: (i: number) => Promise<Response>): Promise<Record<number, number>> {
  const out: Record<number, number> = {};
  for (let i = 0; i < n; i++) {
    const res = await make(i);
    await res.arrayBuffer();
    out[res.status] = (out[res.status] ?? 0) + 1;
  }
  return out;
}

describe("malformed input at the edge", () => {
  it.each(["/api/videos/%zz", "/api/storage/object/%", "/api/%E0%A4%A", "/api/processing/%/status"])("%s answers 4xx JSON", async (p) => {
    const res = await fetch(`${app.base}${p}`, { headers: { authorization: "svc_live_x" } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(typeof (await res.json()).detail).toBe("string");
  });

  it("a declared body that never arrives is cut off with 408 after REQUEST_BODY_TIMEOUT_SECONDS", async () => {
    const t0 = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const s = net.connect(PORT, "127.0.0.1", () => {
        s.write(`POST /api/keys HTTP/1.1\r\nHost: x\r\nAuthorization: ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na`);
      });
      let got = "";
      s.on("data", (c) => (got += c.toString()));
      s.on("close", () => resolve(got));
      s.on("error", () => resolve(got));
      setTimeout(() => s.destroy(), 20_000).unref();
    });
    const took = (Date.now() - t0) / 1000;
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toMatch(/"detail"/);
    expect(took).toBeLessThan(10);
  });
});

describe("the rate limit", () => {
  it("one key spelled six ways is one principal", async () => {
    const spellings = [key, `Bearer ${key}`, `bearer ${key}`, `BEARER ${key}`, ` ${key} `, `Bearer  ${key}`];
    const seen = await statuses(spellings.length * 10, (i) => app.fetch("/api/keys", { key: spellings[i % spellings.length] }));
    // (The 408 case above spent one request of this user.)
    expect(seen[200]).toBeLessThanOrEqual(LIMIT);
    expect(seen[200]).toBeGreaterThanOrEqual(LIMIT - 1);
    expect(seen[200]! + seen[429]!).toBe(spellings.length * 10);
  });

  it("random invalid keys from one address are limited", async () => {
    const seen = await statuses(LIMIT + 10, (i) => app.fetch("/api/keys", { key: `svc_live_${String(i).padStart(64, "a")}` }));
    // (The health checks of the start-up count against the same address.)
    expect(seen[401]).toBeGreaterThan(LIMIT - 10);
    expect(seen[401]).toBeLessThanOrEqual(LIMIT);
    expect(seen[429]).toBeGreaterThanOrEqual(10);
  });

  it("a new X-Forwarded-For each time does not escape the limit (TRUST_PROXY unset)", async () => {
    const seen = await statuses(LIMIT + 10, (i) =>
      app.fetch("/api/shared-reports/0000000000000000000000000000000000000000", { headers: { "x-forwarded-for": `203.0.113.${i % 250}` } }),
    );
    expect(seen[429]).toBeGreaterThan(0);
    expect((seen[404] ?? 0) + (seen[429] ?? 0)).toBe(LIMIT + 10);
  });
});
