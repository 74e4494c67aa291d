// Chapter boundaries and offline titles (pure), and which new segments a kept correction replaces.
import { describe, expect, it } from "vitest";
import { offlineTitles, runsOf } from "@/lib/chapters/key-phrases";
import { planChapters } from "@/lib/chapters/plan-chapters";
import { overlapsByHalf, withoutEdited } from "@/lib/pipeline/keep-edits";

const seg = (module: string, startTime: number, endTime: number, content = "", metadata: string | null = null) => ({ module, startTime, endTime, content, metadata });

describe("planChapters", () => {
  it("cuts at scene boundaries, never shorter than the minimum, and covers [0, duration]", () => {
    const scenes = [seg("scenes", 0, 4), seg("scenes", 4, 50), seg("scenes", 50, 100), seg("scenes", 100, 110)];
    // The minimum here is 110 / 15 s: the 4 s opening scene joins the next; the 10 s closing one stands.
    const chapters = planChapters(110, scenes);
    expect(chapters.map((c) => [c.start, c.end])).toEqual([[0, 50], [50, 100], [100, 110]]);
  });

  it("cuts a chapter longer than the long limit again at pauses in speech", () => {
    const segs = [seg("scenes", 0, 1000), seg("transcription", 0, 290, "a"), seg("transcription", 300, 700, "b"), seg("transcription", 710, 1000, "c")];
    expect(planChapters(1000, segs).map((c) => c.start)).toEqual([0, 295, 705]);
  });

  it("assigns speech by its middle and reads on-screen text from metadata.ocr_text", () => {
    const segs = [
      seg("scenes", 0, 30),
      seg("scenes", 30, 60),
      seg("transcription", 28, 34, "across the cut"),
      seg("visualelements", 40, 45, "ignored", JSON.stringify({ ocr_text: "OPEN DAILY\nFresh bread" })),
    ];
    const [a, b] = planChapters(60, segs);
    expect(a!.speech).toEqual([]);
    expect(b!.speech).toEqual(["across the cut"]);
    expect(b!.screen).toEqual(["OPEN DAILY", "Fresh bread"]);
  });

  it("no duration and no segments: no chapters", () => {
    expect(planChapters(0, [])).toEqual([]);
  });
});

describe("offlineTitles", () => {
  it("takes the most distinctive phrase, not words every chapter shares, and never repeats a title", () => {
    const chapters = [
      { start: 0, end: 10, speech: ["the river bakery bakes rye bread", "rye bread again"], screen: [] },
      { start: 10, end: 20, speech: ["the river bakery sells croissants"], screen: ["ALMOND CROISSANTS"] },
    ];
    const [a, b] = offlineTitles(chapters);
    expect(a!.title.toLowerCase()).toContain("rye bread");
    expect(b!.title.toLowerCase()).toContain("croissants");
    expect(a!.summary).toBe("the river bakery bakes rye bread. rye bread again.");
  });

  it("titles are never modal, degree or plain verb words; a short on-screen line is the title as shown", () => {
    const [a, b] = offlineTitles([
      { start: 0, end: 10, speech: ["You might rather take the overnight express", "it brought us to the central station"], screen: [] },
      { start: 10, end: 20, speech: ["we parked outside"], screen: ["COPY CENTRE", "NO PARKING"] },
    ]);
    expect(a!.title).not.toMatch(/\b(might|rather|brought)\b/i);
    expect(a!.title.toLowerCase()).toMatch(/overnight express|central station/);
    expect(["COPY CENTRE", "NO PARKING"]).toContain(b!.title);
  });

  it("a chapter of filler words only is titled by its time and quoted words; one without words says so", () => {
    const [a, b] = offlineTitles([
      { start: 0, end: 5, speech: ["uh okay yeah"], screen: [] },
      { start: 5, end: 72, speech: [], screen: [] },
    ]);
    expect(a!.title).toBe("00:00–00:05: “uh okay yeah”");
    expect(b).toEqual({ title: "00:05–01:12 (no speech or text)", summary: null });
  });

  it("phrases come from runs of content words, split at stopwords and punctuation", () => {
    expect(runsOf("The quick brown fox, jumps over the lazy dog").map((r) => r.map((t) => t.form).join(" "))).toEqual(["quick brown fox", "jumps", "lazy dog"]);
  });
});

describe("keep-edits", () => {
  it("a new segment overlapping a kept correction by half or more is dropped; a neighbour's edge is not", () => {
    const edited = [{ startTime: 10, endTime: 14 }];
    expect(overlapsByHalf({ startTime: 10.2, endTime: 14.1 }, edited[0]!)).toBe(true);
    expect(overlapsByHalf({ startTime: 13.5, endTime: 18 }, edited[0]!)).toBe(false);
    const fresh = [{ s: 5, e: 10 }, { s: 10.1, e: 13.9 }, { s: 14, e: 18 }];
    expect(withoutEdited(fresh, (f) => ({ startTime: f.s, endTime: f.e }), edited)).toEqual([{ s: 5, e: 10 }, { s: 14, e: 18 }]);
  });
});
