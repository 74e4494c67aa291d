// The server's log (lib/log/logger.ts): JSON lines with level, time and component; an unexpected
// failure of a request is logged with its request id (the one answered in X-Request-Id) and the
// caller's user id, never the caller's key; fields that could hold a secret are redacted; the
// least level is honoured; under the test runner it is silent unless LOG_LEVEL says otherwise.
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "@/lib/schemas/contract";
import { handle } from "@/lib/api/handler";
import { logger, logLevel, redirectLog } from "@/lib/log/logger";
import { useApiTestEnv } from "../helpers/env";
import { makeUser } from "../helpers/users";

useApiTestEnv("logging");

const restores: (() => void)[] = [];
afterEach(() => {
  for (const r of restores.splice(0)) r();
});

function collect(level = "info"): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  restores.push(redirectLog({ write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) }, level));
  return lines;
}

const failing = defineEndpoint({
  method: "POST",
  path: "/test/explode",
  tag: "Test",
  summary: "fails unexpectedly",
  auth: "required",
  body: z.object({ note: z.string() }),
});

describe("the server's log", () => {
  it("is silent under the test runner by default", () => {
    expect(process.env.LOG_LEVEL).toBeUndefined();
    expect(logLevel()).toBe("silent");
  });

  it("JSON lines with level, ISO time and component", () => {
    const lines = collect();
    logger("boot").info({ runs: 2 }, "resuming 2 interrupted run(s) now");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "info", component: "boot", runs: 2, msg: "resuming 2 interrupted run(s) now" });
    expect(new Date(String(lines[0]!.time)).toISOString()).toBe(lines[0]!.time);
  });

  it("honours the level: debug lines only at debug", () => {
    const atInfo = collect("info");
    logger("api").debug("hidden");
    logger("api").warn("shown");
    expect(atInfo.map((l) => l.msg)).toEqual(["shown"]);
  });

  it("redacts fields that could hold a key or secret", () => {
    const lines = collect();
    logger("auth").info(
      { authorization: "Bearer svc_live_secret", headers: { authorization: "svc_live_x", cookie: "c" }, apiKey: "k1", body: { api_key: "k2", secret: "s" } },
      "check",
    );
    const text = JSON.stringify(lines);
    expect(lines).toHaveLength(1);
    for (const secret of ["svc_live_secret", "svc_live_x", "k1", "k2", '"s"', '"c"']) expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({ authorization: "[redacted]", apiKey: "[redacted]", headers: { authorization: "[redacted]" } });
  });

  it("an unexpected failure: the request id answered, the user id, the error; never the key", async () => {
    const user = await makeUser("logging@example.com");
    const lines = collect("debug");
    const route = handle(failing, async () => {
      throw new Error("exploded on purpose");
    });
    const res = await route(
      new Request("http://localhost/api/test/explode", {
        method: "POST",
        headers: { authorization: user.api_key, "content-type": "application/json" },
        body: JSON.stringify({ note: "x" }),
      }),
    );
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ detail: "Internal server error" });
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const error = lines.find((l) => l.level === "error");
    expect(error).toMatchObject({ component: "api", reqId: requestId, userId: user.user_id, where: "POST /test/explode" });
    expect((error!.err as { message: string }).message).toBe("exploded on purpose");
    // The request's own line (debug), with the same ids and the status.
    expect(lines.find((l) => l.msg === "request answered")).toMatchObject({ reqId: requestId, userId: user.user_id, status: 500, route: "/api/test/explode" });
    expect(JSON.stringify(lines)).not.toContain(user.api_key);
  });
});
