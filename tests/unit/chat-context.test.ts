// Chat context building: time stamps, session titles, brute_force compression.
import { describe, expect, it } from "vitest";
import { compressSegments, contextLine, mergeSegments, type SegmentLike } from "@/lib/chat/context";
import { formatClock } from "@/lib/core/clock";
import { titleFromQuestion } from "@/lib/chat/session-title";

let n = 0;
const seg = (module: string, startTime: number, endTime: number, content: string): SegmentLike => ({ id: `s${++n}`, module, startTime, endTime, content });

describe("formatClock", () => {
  it("renders mm:ss, and h:mm:ss past an hour", () => {
    expect(formatClock(0)).toBe("00:00");
    expect(formatClock(83.9)).toBe("01:23");
    expect(formatClock(599)).toBe("09:59");
    expect(formatClock(3725)).toBe("1:02:05");
    expect(formatClock(-3)).toBe("00:00");
  });
});

describe("titleFromQuestion", () => {
  it("keeps a short question, whitespace collapsed", () => {
    expect(titleFromQuestion("  What   is\nsaid at the start?  ")).toBe("What is said at the start?");
  });
  it("keeps exactly 80 characters as they are", () => {
    const q = "a".repeat(40) + " " + "b".repeat(39);
    expect(q).toHaveLength(80);
    expect(titleFromQuestion(q)).toBe(q);
  });
  it("cuts a long question at a word boundary, at most 80 characters with the ellipsis", () => {
    const q = "Which brands appear on screen during the cooking segment and how long is each one visible to the viewer?";
    const t = titleFromQuestion(q);
    expect(t.length).toBeLessThanOrEqual(80);
    expect(t.endsWith("…")).toBe(true);
    const words = t.slice(0, -1);
    expect(q.startsWith(words)).toBe(true);
    expect(q[words.length]).toBe(" "); // cut exactly before a space
    expect(t).toBe("Which brands appear on screen during the cooking segment and how long is each…");
  });
  it("cuts one very long word hard", () => {
    const t = titleFromQuestion("x".repeat(300));
    expect(t).toBe("x".repeat(79) + "…");
  });
});

describe("brute_force compression", () => {
  it("merges close neighbours of the same module and keeps their time span and ids", () => {
    const a = seg("transcription", 0, 2, "Hello there.");
    const b = seg("transcription", 2.5, 4, "Welcome to the kitchen.");
    const far = seg("transcription", 10, 12, "Later on.");
    const other = seg("shots", 0, 4, "Shot 1");
    const out = mergeSegments([far, b, other, a]);
    expect(out.map((e) => [e.module, e.start, e.end, e.content, e.ids])).toEqual([
      ["shots", 0, 4, "Shot 1", [other.id]],
      ["transcription", 0, 4, "Hello there. Welcome to the kitchen.", [a.id, b.id]],
      ["transcription", 10, 12, "Later on.", [far.id]],
    ]);
  });
  it("keeps a repeated text once, with the times of its repeats", () => {
    const out = mergeSegments([seg("logos", 5, 6, "Acme"), seg("logos", 65, 66, "acme "), seg("logos", 125, 126, "Acme")]);
    expect(out).toHaveLength(1);
    expect(out[0]!.ids).toHaveLength(3);
    expect(contextLine(out[0]!)).toBe("[00:05–00:06] logos: Acme (also at [01:05], [02:05])");
  });
  it("fits the character budget by shortening long texts, keeping every line and its time", () => {
    const segs = Array.from({ length: 40 }, (_, i) => seg("video_reasoning", i * 30, i * 30 + 20, `Chapter ${i} ` + "words ".repeat(200)));
    const c = compressSegments(segs, 20_000);
    expect(c.lines.join("\n").length).toBeLessThanOrEqual(20_000);
    expect(c.lines).toHaveLength(40);
    expect(c.dropped).toBe(0);
    expect(c.maxContent).toBeLessThan(1300);
    expect(c.lines[3]).toMatch(/^\[01:30–01:50\] video_reasoning: Chapter 3 words/);
    expect(c.segmentIds).toHaveLength(40);
  });
  it("samples lines evenly over the video when even short lines do not fit", () => {
    const segs = Array.from({ length: 1000 }, (_, i) => seg("shots", i * 10, i * 10 + 5, `Shot ${i} ` + "x".repeat(200)));
    const c = compressSegments(segs, 10_000);
    expect(c.lines.join("\n").length).toBeLessThanOrEqual(10_000);
    expect(c.dropped).toBeGreaterThan(900);
    expect(c.entries[0]!.start).toBe(0);
    expect(c.entries[c.entries.length - 1]!.start).toBeGreaterThan(9000); // spread to the end
    expect(c.segmentIds).toHaveLength(c.entries.length);
  });
  it("everything fits: neighbours keep their own lines and times", () => {
    const c = compressSegments([seg("transcription", 0.3, 1.8, "Welcome to the red room"), seg("transcription", 2.2, 3.8, "Now everything is green")]);
    expect(c.lines).toEqual(["[00:00–00:01] transcription: Welcome to the red room", "[00:02–00:03] transcription: Now everything is green"]);
  });
  it("neighbours merge when the lines do not fit as they are", () => {
    const segs = Array.from({ length: 200 }, (_, i) => seg("transcription", i * 2, i * 2 + 1.5, `Line ${i} ` + "y".repeat(80)));
    const separate = compressSegments(segs, 1_000_000);
    expect(separate.entries).toHaveLength(200);
    const tight = compressSegments(segs, 12_000);
    expect(tight.entries.length).toBeLessThan(200);
    expect(tight.entries[0]!.ids.length).toBeGreaterThan(1);
    expect(tight.lines.join("\n").length).toBeLessThanOrEqual(12_000);
  });
  it("everything fits: nothing shortened", () => {
    const c = compressSegments([seg("transcription", 1, 2, "Short.")]);
    expect(c.maxContent).toBe(Infinity);
    expect(c.lines).toEqual(["[00:01–00:02] transcription: Short."]);
  });
});
