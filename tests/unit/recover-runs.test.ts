// Whose runs may be taken over at start-up: an owner on this host whose process is gone (or was
// replaced by another under the same pid); never a live one, never another host's.
import os from "node:os";
import { describe, expect, it } from "vitest";
import { ownerIsDeadHere } from "@/lib/jobs/recover-runs";
import { identityToken, processStartTime } from "@/lib/core/process-identity";

describe("ownerIsDeadHere", () => {
  const host = os.hostname();
  it("false for this very process", () => {
    expect(ownerIsDeadHere(`${host}:${identityToken()}:abc123`)).toBe(false);
  });
  it("true for a pid that no longer runs, or runs with another start time", () => {
    expect(ownerIsDeadHere(`${host}:999999999-5:abc123`)).toBe(true);
    expect(ownerIsDeadHere(`${host}:${process.pid}-${(processStartTime(process.pid) ?? 0) + 7}:abc123`)).toBe(true);
  });
  it("false for another host (its lease decides) and for an unreadable owner", () => {
    expect(ownerIsDeadHere(`elsewhere:999999999-5:abc123`)).toBe(false);
    expect(ownerIsDeadHere(`${host}:1234:abc123`)).toBe(false);
  });
});
