// Key phrases, the reasoning digest, placing a model's answer on the video, and the computed digest.
import { describe, expect, it } from "vitest";
import { extractKeyPhrases } from "@/lib/analysis/text/key-phrases";
import { buildPromptDigest, digestStats, formatTime, type DigestInput } from "@/lib/analysis/text/digest";
import { computedDigest, placeAnswer, reasoningAnswer } from "@/lib/pipeline/modules/video-reasoning/run";

const seg = (start_time: number, end_time: number, content: string, metadata: Record<string, unknown> = {}) => ({
  start_time,
  end_time,
  content,
  metadata: { provider: "local", method: "test", ...metadata },
});

const input: DigestInput = {
  name: "kitchen.mp4",
  duration: 60,
  shots: [seg(0, 10, "Shot 1"), seg(10, 25, "Shot 2"), seg(25, 40, "Shot 3"), seg(40, 60, "Shot 4")],
  scenes: [seg(0, 25, "Scene 1"), seg(25, 60, "Scene 2")],
  transcript: [
    seg(1, 4, "Welcome to the kitchen. Today we bake sourdough bread."),
    seg(12, 16, "First, feed the sourdough starter with flour and water."),
    seg(30, 35, "Now shape the loaf and let the sourdough bread rest."),
  ],
  visual: [seg(0, 10, "", { ocr_text: "BAKERY DAILY" }), seg(25, 40, "", { ocr_text: ["STEP 2", "bakery daily"] })],
  logos: [],
};

describe("extractKeyPhrases", () => {
  it("scores multi-word content phrases from the text, most relevant first", () => {
    const phrases = extractKeyPhrases(input.transcript.map((s) => s.content).join(" "), { max: 5 }).map((p) => p.phrase);
    expect(["bake sourdough bread", "sourdough bread rest"]).toContain(phrases[0]);
    expect(phrases).toContain("sourdough starter");
    for (const p of phrases) for (const w of p.split(" ")) expect(input.transcript.some((s) => s.content.toLowerCase().includes(w))).toBe(true);
  });

  it("returns nothing for stopwords only", () => {
    expect(extractKeyPhrases("and then it was the one that we had")).toEqual([]);
  });
});

describe("digest", () => {
  it("formats times and computes pacing", () => {
    expect(formatTime(75.25)).toBe("1:15.3");
    expect(formatTime(3725)).toBe("1:02:05.0");
    expect(digestStats(input)).toMatchObject({ shots: 4, shotsPerMinute: 4, meanShotSeconds: 15, scenes: 2, transcriptCues: 3 });
  });

  it("holds the time-stamped transcript, scenes, shot starts and on-screen text, within its budget", () => {
    const d = buildPromptDigest(input);
    expect(d).toContain("[0:01.0–0:04.0] Welcome to the kitchen.");
    expect(d).toContain("Scenes (2):");
    expect(d).toContain("Shot starts: 0:00.0, 0:10.0, 0:25.0, 0:40.0");
    expect(d).toContain('[0:00.0] "BAKERY DAILY"');
    expect(d).toContain('[0:25.0] "STEP 2"');
    expect(d).not.toContain("bakery daily"); // same text seen again is listed once

    const long: DigestInput = { ...input, transcript: Array.from({ length: 3000 }, (_, i) => seg(i * 0.02, i * 0.02 + 0.02, `line ${i} with some spoken words`)) };
    const small = buildPromptDigest(long, 6000);
    expect(small.length).toBeLessThan(7000);
    expect(small).toContain("line 0 with");
  });
});

describe("placeAnswer", () => {
  it("clamps to the video, snaps to boundaries, removes overlaps and anchors key moments", () => {
    const answer = reasoningAnswer.parse({
      summary: "A baker shows how to make sourdough bread.",
      chapters: [
        { start: 24.2, end: 75, title: "Shaping" },
        { start: -3, end: "0:24.6", title: "Starter" },
      ],
      key_moments: [{ time: 11.6, description: "Feeding the starter" }, { time: "31", description: "Shaping the loaf" }],
    });
    const out = placeAnswer(answer, input, "gpt-test");
    expect(out[0]).toEqual({ start_time: 0, end_time: 60, content: "A baker shows how to make sourdough bread.", metadata: { provider: "openai", model: "gpt-test", kind: "summary" } });
    const chapters = out.filter((s) => s.metadata.kind === "chapter").map((s) => [s.start_time, s.end_time, s.content]);
    expect(chapters).toEqual([[0, 25, "Starter"], [25, 60, "Shaping"]]);
    const moments = out.filter((s) => s.metadata.kind === "key_moment").map((s) => [s.start_time, s.end_time, s.content]);
    expect(moments).toEqual([[12, 16, "Feeding the starter"], [30, 35, "Shaping the loaf"]]);
  });

  it("rejects answers without a summary or with non-times", () => {
    expect(reasoningAnswer.safeParse({ chapters: [] }).success).toBe(false);
    expect(reasoningAnswer.safeParse({ summary: "x", key_moments: [{ time: "soon", description: "y" }] }).success).toBe(false);
  });
});

describe("computedDigest", () => {
  it("reports counts, pacing, key phrases and on-screen text, and one chapter per scene with its words", () => {
    const out = computedDigest(input);
    expect(out.every((s) => s.metadata.provider === "local" && s.metadata.method === "computed_digest")).toBe(true);
    const [summary, ...chapters] = out;
    expect(summary).toMatchObject({ start_time: 0, end_time: 60, metadata: { kind: "summary" } });
    expect(summary!.content).toContain("4 shots (4 per minute, mean shot 15 s)");
    expect(summary!.content).toContain("2 scenes");
    expect(summary!.content).toContain('"sourdough starter"');
    expect(summary!.content).toContain('"BAKERY DAILY"');
    expect(chapters.map((c) => [c.start_time, c.end_time])).toEqual([[0, 25], [25, 60]]);
    expect(chapters[0]!.content).toContain("Scene 1 of 2 (0:00.0–0:25.0, 25.0 s); 2 shots; speech: \"Welcome to the kitchen.");
    expect(chapters[1]!.content).toContain("shape the loaf");
    expect(chapters[1]!.content).toContain('on screen: "STEP 2"');
  });

  it("says when there is no transcript instead of inventing one", () => {
    const out = computedDigest({ ...input, transcript: [] });
    expect(out[0]!.content).toContain("no transcript");
    expect(out[1]!.content).toContain("no speech in the transcript");
  });
});
