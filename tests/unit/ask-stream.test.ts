import { describe, expect, it } from "vitest";
import { parseSseChunk } from "@/lib/browser/ask-stream";
import { textDeltas } from "@/lib/api/event-stream-answer";

describe("parseSseChunk", () => {
  it("returns complete data events and keeps an unfinished one for the next chunk", () => {
    const a = parseSseChunk('data: {"type":"delta","text":"Hel"}\n\ndata: {"type":"delta","text":"lo"}\n\ndata: {"type":"mes');
    expect(a.events).toEqual([
      { type: "delta", text: "Hel" },
      { type: "delta", text: "lo" },
    ]);
    const b = parseSseChunk(a.rest + 'sage","answer":"Hello"}\n\n: keepalive\n\n');
    expect(b.events).toEqual([{ type: "message", answer: "Hello" }]);
    expect(b.rest).toBe("");
  });
});

describe("textDeltas", () => {
  it("cuts a text into a few words each that join back exactly", () => {
    const text = "No language model is configured, so here are the most relevant moments:\n\n- [01:05] Now we fold (transcription)\n";
    const parts = textDeltas(text);
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.join("")).toBe(text);
    expect(textDeltas("")).toEqual([]);
  });
});
