// Offline brand matching in OCR text, and validation of a vision model's logo answer.
import { describe, expect, it } from "vitest";
import { matchBrands, wordsOf } from "@/lib/analysis/logos/match-brands";
import { parseLogoAnswer } from "@/lib/analysis/logos/vision-logos";

const brands = (lines: string[]) => matchBrands(lines).map((m) => m.brand);

describe("matchBrands", () => {
  it("finds brand names as whole words, case- and accent-insensitively", () => {
    expect(brands(["JUST DO IT - NIKE"])).toEqual(["Nike"]);
    expect(brands(["nestle pure life"])).toEqual(["Nestlé"]);
    expect(matchBrands(["Drink Coca-Cola"])).toEqual([{ brand: "Coca-Cola", matchedText: "Drink Coca-Cola" }]);
  });

  it("does not match inside other words", () => {
    expect(brands(["Nikes", "SNIKE", "Fordham University", "audition"])).toEqual([]);
  });

  it("matches multi-word names that OCR ran together, and possessives without the apostrophe", () => {
    expect(brands(["COCACOLA"])).toEqual(["Coca-Cola"]);
    expect(brands(["MCDONALDS"])).toEqual(["McDonald's"]);
    expect(brands(["Red Bull gives you wings"])).toEqual(["Red Bull"]);
  });

  it("counts ordinary-word names only when the line is the name alone", () => {
    expect(brands(["apple pie recipe", "Shell out the cash", "target audience"])).toEqual([]);
    expect(brands(["SHELL"])).toEqual(["Shell"]);
    expect(brands(["Apple"])).toEqual(["Apple"]);
  });

  it("reports each brand once, with the first line naming it", () => {
    expect(matchBrands(["Nike", "NIKE AIR"])).toEqual([{ brand: "Nike", matchedText: "Nike" }]);
  });

  it("splits words on anything but letters and digits", () => {
    expect(wordsOf("Hello, WORLD! 2026")).toEqual(["hello", "world", "2026"]);
  });
});

describe("parseLogoAnswer", () => {
  it("reads the JSON, with or without a code fence", () => {
    expect(parseLogoAnswer('{"logos":[{"brand":"Nike","confidence":0.9,"where":"top left"}]}')).toEqual([
      { brand: "Nike", confidence: 0.9, where: "top left" },
    ]);
    expect(parseLogoAnswer('```json\n{"logos":[{"brand":"Adidas"}]}\n```')).toEqual([{ brand: "Adidas", confidence: 1, where: null }]);
    expect(parseLogoAnswer('{"logos": []}')).toEqual([]);
  });

  it("rejects answers that are not the asked-for JSON", () => {
    expect(() => parseLogoAnswer("I see a Nike logo.")).toThrow(/JSON/);
    expect(() => parseLogoAnswer('{"brands":["Nike"]}')).toThrow(/shape/);
    expect(() => parseLogoAnswer('{"logos":[{"brand":"Nike","confidence":7}]}')).toThrow(/shape/);
  });
});
