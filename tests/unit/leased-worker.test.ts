// The leased worker (clips, imports) reports its failures in the server's log, as JSON lines of
// its own component, not on the console: a failed claim, a failed lease renewal and a job whose
// work threw.
import { afterEach, describe, expect, it, vi } from "vitest";
import { redirectLog } from "@/lib/log/logger";
import { LeasedWorker, type LeasedJob } from "@/lib/jobs/leased-worker";

let restore: (() => void) | null = null;
afterEach(() => {
  restore?.();
  restore = null;
  vi.restoreAllMocks();
});

function collect(): Array<Record<string, unknown>> {
  const lines: Array<Record<string, unknown>> = [];
  restore = redirectLog({ write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) }, "error");
  return lines;
}

describe("LeasedWorker logging", () => {
  it("logs a failed claim, a failed renewal and a failed job through lib/log, never console.error", async () => {
    const lines = collect();
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    let claims = 0;
    const job: LeasedJob = { id: "job-1", attempts: 1 };
    const worker = new LeasedWorker<LeasedJob>({
      name: "leased-test",
      concurrency: 1,
      leaseMs: 2_000, // renewed every 500 ms
      pollMs: 60_000,
      claim: async () => {
        claims++;
        if (claims === 1) throw new Error("database away");
        return claims === 2 ? job : null;
      },
      renew: async () => {
        throw new Error("renewal refused");
      },
      release: async () => {},
      execute: () => new Promise((_, reject) => setTimeout(() => reject(new Error("cut broke")), 700)),
    });
    await worker.tick(); // the claim throws
    await worker.tick(); // claims job-1: it renews once (throws) and then fails
    await vi.waitFor(() => expect(lines.some((l) => l.msg === "job-1 failed")).toBe(true), { timeout: 5_000 });
    await worker.shutdown(100);

    const mine = lines.filter((l) => l.component === "leased-test");
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(["claiming failed", "renewing the lease of job-1 failed", "job-1 failed"]));
    expect(mine.every((l) => l.level === "error")).toBe(true);
    expect(JSON.stringify(mine)).toContain("database away");
    expect(JSON.stringify(mine)).toContain("cut broke");
    expect(consoleError).not.toHaveBeenCalled();
  });
});
