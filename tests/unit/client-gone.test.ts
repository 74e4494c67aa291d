// A request its client aborted (a search typed over, a page left) is answered 499 and logged as
// abandoned at info level; the same failure with the client still there is a 500 logged as an error.
import { afterEach, describe, expect, it } from "vitest";
import { CLIENT_CLOSED_REQUEST, toErrorResponse } from "@/lib/api/handler";
import { redirectLog } from "@/lib/log/logger";

let restore: (() => void) | undefined;
afterEach(() => restore?.());

function collect(): { level: string; msg: string }[] {
  const lines: { level: string; msg: string }[] = [];
  restore = redirectLog({ write: (l: string) => lines.push(JSON.parse(l)) }, "debug");
  return lines;
}

describe("an error after the client left", () => {
  it("is a 499 logged at info, not a 500 logged as an error", async () => {
    const lines = collect();
    const aborted = new Error("aborted");
    aborted.name = "ResponseAborted";
    const gone = toErrorResponse(aborted, "req-1", "POST /search", "user-1", true);
    expect(gone.status).toBe(CLIENT_CLOSED_REQUEST);
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
    expect(lines.map((l) => l.msg)).toContain("POST /search abandoned: the client closed the request");

    const failed = toErrorResponse(new Error("boom"), "req-2", "POST /search", "user-1", false);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual({ detail: "Internal server error" });
    expect(lines.filter((l) => l.level === "error").map((l) => l.msg)).toEqual(["POST /search failed"]);
  });
});
