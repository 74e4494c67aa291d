// Key phrases, the reasoning digest, placing a model's answer on the video, and the extractive summary offline.
import { describe, expect, it } from "vitest";
import { extractKeyPhrases } from "@/lib/analysis/text/key-phrases";
import { buildPromptDigest, digestStats, formatTime, type DigestInput } from "@/lib/analysis/text/digest";
import { extractiveSummary, SURE_WORD, summaryUnits } from "@/lib/analysis/text/extractive-summary";
import { recognizeWords } from "@/lib/analysis/speech/pocketsphinx";
import { librivox } from "../helpers/speech";
import { embedTextsLocally, LOCAL_EMBEDDING_MODEL } from "@/lib/ai/embeddings";
import { offlineSummary, placeAnswer, reasoningAnswer } from "@/lib/pipeline/modules/video-reasoning/run";

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

const TOPICS = [
  seg(0.5, 4.5, "My car broke down on the motorway, so the mechanic replaced the clutch and the brakes."),
  seg(5, 9.5, "At the doctor's appointment she listened to my lungs and prescribed antibiotics."),
  seg(10, 14.5, "We baked a chocolate birthday cake with twelve candles for my niece."),
  seg(15, 19.5, "The football match ended two nil after a late penalty in the second half."),
  seg(20, 24.5, "Tomorrow the weather turns cold with heavy snow across the mountains."),
  seg(25, 29.5, "The library is closed on Sundays for the winter holidays."),
];
const several: DigestInput = {
  duration: 30,
  shots: [seg(0, 15, "Shot 1"), seg(15, 30, "Shot 2")],
  scenes: [seg(0, 15, "Scene 1"), seg(15, 30, "Scene 2")],
  transcript: TOPICS,
  visual: [seg(0, 15, "", { ocr_text: "NO PARKING", objects: [{ label: "car" }, { label: "person" }] }), seg(15, 30, "", { objects: [] })],
  logos: [],
};

describe("extractive summary (the real sentence encoder)", () => {
  it("a clip of several topics: the overview names each with its time, the key moments are the passages with their times, in order", async () => {
    const units = summaryUnits(several);
    expect(units.map((u) => u.source)).toEqual(["on_screen", "picture", "speech", "speech", "speech", "speech", "speech", "speech"]);
    const embedded = await embedTextsLocally(units.map((u) => u.text));
    const out = offlineSummary(several, units, { vectors: embedded.vectors, model: embedded.model });
    const [summary, ...chapters] = out;
    expect(summary).toMatchObject({ start_time: 0, end_time: 30, metadata: { provider: "local", method: "extractive_summary", model: LOCAL_EMBEDDING_MODEL, kind: "summary" } });
    const overview = summary!.content.split("\n\n")[0]!;
    const sentences = overview.split(/(?<=[.”])\s+(?=[A-Z])/);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(4);
    for (const [topic, time] of [["doctor's appointment", "00:05"], ["birthday cake", "00:10"], ["football match", "00:15"], ["heavy snow", "00:20"], ["winter holidays", "00:25"]]) {
      expect(overview).toContain(`${topic} (${time})`);
    }
    expect(overview).toContain("“NO PARKING” (00:00)");
    expect(overview).toContain("Seen in the picture: a car and a person.");
    expect(overview).not.toMatch(/\b\d+ (shots?|scenes?|cues?)\b/);
    const lines = summary!.content.split("Key moments:\n")[1]!.split("\n");
    expect(lines).toEqual([
      "[00:00] On screen: “NO PARKING”",
      "[00:00] My car broke down on the motorway, so the mechanic replaced the clutch and the brakes.",
      "[00:05] At the doctor's appointment she listened to my lungs and prescribed antibiotics.",
      "[00:10] We baked a chocolate birthday cake with twelve candles for my niece.",
      "[00:15] The football match ended two nil after a late penalty in the second half.",
      "[00:20] Tomorrow the weather turns cold with heavy snow across the mountains.",
      "[00:25] The library is closed on Sundays for the winter holidays.",
    ]);
    const ranks = (summary!.metadata.key_moments as { rank: number }[]).map((m) => m.rank).sort((a, b) => a - b);
    expect(ranks).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // two scenes: a chapter each, titled by what is said in it
    expect(chapters.map((c) => [c.start_time, c.end_time, c.metadata.kind])).toEqual([[0, 15, "chapter"], [15, 30, "chapter"]]);
    expect(chapters[1]!.content.toLowerCase()).toContain("football match");
  }, 180_000); // the encoder's first load, on a busy machine

  it("a passage said again in other words is listed once; the most central passage is picked first", () => {
    // Hand-made unit vectors: three about bread (two nearly the same), one about the weather.
    const units = [
      { start: 1, end: 2, text: "We bake sourdough bread", source: "speech" as const },
      { start: 3, end: 4, text: "Sourdough bread is what we bake", source: "speech" as const },
      { start: 5, end: 6, text: "The loaf rests overnight", source: "speech" as const },
      { start: 7, end: 8, text: "It will rain tomorrow", source: "speech" as const },
    ];
    const n = (v: number[]) => v.map((x) => x / Math.hypot(...v));
    const vectors = [n([1, 0.05, 0]), n([1, 0.05, 0.01]), n([0.7, 0.7, 0]), n([0, 0, 1])];
    const s = extractiveSummary(units, vectors)!;
    const starts = s.keyMoments.map((m) => m.start);
    expect(starts).toHaveLength(3);
    expect(starts.slice(1)).toEqual([5, 7]);
    expect([1, 3]).toContain(starts[0]); // one of the two near-identical passages, not both
    expect([1, 3]).toContain(s.keyMoments.find((m) => m.rank === 1)!.start); // the bread passages are the centre
    expect(s.keyMoments.find((m) => m.start === 7)!.rank).toBeGreaterThan(1);
  });

  it("nothing said, written or seen: no summary (never an invented one)", () => {
    expect(summaryUnits({ ...input, transcript: [seg(0, 1, "Okay.")], visual: [] })).toEqual([]);
    expect(offlineSummary(input, [], { vectors: [], model: "m" })).toEqual([]);
  });
});

describe("extractive summary: only what the recogniser and the detector were sure of (issue 35)", () => {
  it("read speech (PocketSphinx on LibriVox): no topic is named from a word it was not sure of; the lines are quoted as heard", async () => {
    // The recogniser's real output, stored as the transcription module stores it (words: [word, start, end, confidence]).
    const transcript = [];
    let t = 0;
    for (const id of ["0870", "0880", "0890", "0920", "0930"]) {
      const words = await recognizeWords(librivox(id));
      expect(words.length).toBeGreaterThan(3);
      const last = words[words.length - 1]!;
      transcript.push(seg(t + words[0]!.start, t + last.end, words.map((w) => w.word).join(" "), { words: words.map((w) => [w.word, w.start + t, w.end + t, w.confidence]) }));
      t += last.end + 1;
    }
    const sure = new Set(transcript.flatMap((s) => ((s.metadata as Record<string, unknown>).words as [string, number, number, number][]).filter((w) => w[3] >= SURE_WORD).map((w) => w[0])));
    const unsure = transcript.flatMap((s) => ((s.metadata as Record<string, unknown>).words as [string, number, number, number][]).filter((w) => w[3] < SURE_WORD).map((w) => w[0]));
    expect(unsure.length).toBeGreaterThan(5); // the recogniser was unsure of several words here
    const speech: DigestInput = { duration: t, shots: [], scenes: [], transcript, visual: [], logos: [] };
    const units = summaryUnits(speech);
    const embedded = await embedTextsLocally(units.map((u) => u.text));
    const [summary] = offlineSummary(speech, units, { vectors: embedded.vectors, model: embedded.model });
    const topics = summary!.metadata.topics as { topic: string }[];
    for (const { topic } of topics) for (const w of topic.split(" ")) expect(sure, `topic "${topic}"`).toContain(w);
    const covers = /^It covers (.*?)\.(?: |$)/.exec(summary!.content)?.[1] ?? "";
    for (const w of unsure.filter((w) => !sure.has(w) && w.length > 3)) expect(covers.split(/[ ,()]+/)).not.toContain(w);
    // Every key moment is a line as it was heard, with its time.
    const lines = summary!.content.split("Key moments:\n")[1]!.split("\n");
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(transcript.map((s) => s.content)).toContain(l.replace(/^\[\d\d:\d\d\] /, ""));
  }, 180_000);

  it("seen in the picture: each thing once (2 people and a car, not 'a car and a car'); a label the detector was unsure of is not named", async () => {
    const obj = (label: string, confidence: number) => ({ label, confidence });
    const picture: DigestInput = {
      duration: 20,
      shots: [],
      scenes: [],
      transcript: [seg(1, 4, "We drove the old car along the coast road to the harbour.")],
      visual: [
        seg(0, 5, "", { objects: [obj("person", 0.9), obj("person", 0.8), obj("car", 0.85)] }),
        seg(5, 10, "", { objects: [obj("car", 0.9)] }),
        seg(10, 20, "", { objects: [obj("teddy bear", 0.58)] }),
      ],
      logos: [],
    };
    const units = summaryUnits(picture);
    const embedded = await embedTextsLocally(units.map((u) => u.text));
    const [summary] = offlineSummary(picture, units, { vectors: embedded.vectors, model: embedded.model });
    expect(summary!.content).toContain("Seen in the picture: 2 people and a car.");
    expect(summary!.content).not.toContain("teddy bear");
  }, 180_000);
});
