// The browser's SSE parser (lib/browser/sse.ts) hands each event's data with the last `id:` seen,
// which the client sends back as Last-Event-ID when it reconnects.
import { describe, expect, it } from "vitest";
import { createSseParser } from "@/lib/browser/sse";

describe("createSseParser", () => {
  it("pairs each data block with its id, across chunk boundaries, skipping comments", () => {
    const got: [string, string | null][] = [];
    const parse = createSseParser((data, id) => got.push([data, id]));
    parse(": connected\n\nid: 7\ndata: {\"type\":\"module_started\"}\n\nid: 1");
    parse("2\ndata: {\"type\":\"done\"}\r\n\r\n: keepalive\n\n");
    expect(got).toEqual([
      ['{"type":"module_started"}', "7"],
      ['{"type":"done"}', "12"],
    ]);
  });

  it("an event without its own id keeps the last one (as EventSource does)", () => {
    const got: (string | null)[] = [];
    const parse = createSseParser((_, id) => got.push(id));
    parse("data: a\n\nid: 3\ndata: b\n\ndata: c\n\n");
    expect(got).toEqual([null, "3", "3"]);
  });
});
