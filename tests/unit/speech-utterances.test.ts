// PocketSphinx word lines, words grouped into utterances by speech region, and the spread order
// in which visualelements reads keyframes.
import { describe, expect, it } from "vitest";
import { parseWordLine } from "@/lib/analysis/speech/pocketsphinx";
import { groupUtterances, MAX_UTTERANCE_SECONDS } from "@/lib/analysis/speech/utterances";
import { ReadBudget, spreadOrder } from "@/lib/analysis/visual/read-budget";

describe("parseWordLine", () => {
  it("reads word, times and posterior; drops alternates' numbers, fillers, silence and hypothesis lines", () => {
    expect(parseWordLine("leisure(2) 2.260 2.710 0.454575")).toEqual({ word: "leisure", start: 2.26, end: 2.71, confidence: 0.454575 });
    expect(parseWordLine("<s> 0.000 0.140 0.999400")).toBeNull();
    expect(parseWordLine("<sil> 3.910 3.930 0.553348")).toBeNull();
    expect(parseWordLine("[NOISE] 1.0 1.2 0.9")).toBeNull();
    expect(parseWordLine("++BREATH++ 1.0 1.2 0.9")).toBeNull();
    expect(parseWordLine("and mr john had then leisure")).toBeNull();
  });
});

const w = (word: string, start: number, end: number, confidence = 0.8) => ({ word, start, end, confidence });

describe("groupUtterances", () => {
  it("makes one utterance per speech region, drops words outside every region, capitalises", () => {
    const words = [w("i", 0.5, 0.7), w("went", 0.7, 1), w("noise", 4, 4.3), w("home", 6.1, 6.5, 0.4)];
    const u = groupUtterances(words, [{ start: 0.4, end: 1.2 }, { start: 6, end: 7 }]);
    expect(u.map((x) => [x.start, x.end, x.text, x.confidence])).toEqual([
      [0.5, 1, "I went", 0.8],
      [6.1, 6.5, "Home", 0.4],
    ]);
    expect(u[0]!.words).toHaveLength(2);
  });

  it("splits a long region at its widest pause", () => {
    const words = Array.from({ length: 30 }, (_, i) => w(`w${i}`, i + (i >= 12 ? 2 : 0), i + 0.8 + (i >= 12 ? 2 : 0)));
    const u = groupUtterances(words, [{ start: 0, end: 40 }]);
    expect(u.length).toBeGreaterThanOrEqual(2);
    expect(u[0]!.words.at(-1)!.word).toBe("w11");
    for (const x of u) expect(x.end - x.start).toBeLessThanOrEqual(MAX_UTTERANCE_SECONDS);
  });
});

describe("spreadOrder and ReadBudget", () => {
  it("visits every index once, each prefix spread over the range", () => {
    const order = spreadOrder(10);
    expect([...order].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(order.slice(0, 2)).toEqual([0, 8]);
    expect(spreadOrder(0)).toEqual([]);
  });

  it("stops granting reads once its time is spent and counts both", async () => {
    const b = new ReadBudget(0.05);
    expect(b.take()).toBe(true);
    await new Promise((r) => setTimeout(r, 80));
    expect(b.take()).toBe(false);
    expect([b.read, b.skipped]).toEqual([1, 1]);
  });
});
