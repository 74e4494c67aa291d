// CTC decoding of the recogniser's output with the spaces that were printed: made-up score
// matrices of a known shape (T steps × C classes; class 0 blank, the last class the space).
import { describe, expect, it } from "vitest";
import { decodeLine } from "@/lib/analysis/visual/ocr-decode.cjs";

const DICT = ["A", "B", "C", "D", "E", "N", "O", "P", " "];
const C = DICT.length + 1;

/** One row per step: the emitted character (or "" for blank) and, optionally, the space class's share. */
function matrix(steps: [string, number?][]): Float32Array {
  const m = new Float32Array(steps.length * C);
  steps.forEach(([ch, space = 0], t) => {
    const cls = ch === "" ? 0 : DICT.indexOf(ch) + 1;
    m[t * C + cls] = 0.9;
    if (space) m[t * C + C - 1] = Math.max(m[t * C + C - 1]!, space);
  });
  return m;
}

describe("decodeLine", () => {
  it("puts a space where the space class rises between two words, though blank wins every step", () => {
    const steps: [string, number?][] = [["O"], [""], ["P"], [""], ["E"], [""], ["N"], ["", 0.4], ["D"], [""], ["A"], [""], ["B"]];
    expect(decodeLine(matrix(steps), steps.length, C, DICT).text).toBe("OPEN DAB");
  });

  it("keeps letters of one word together, collapses repeats and drops blanks", () => {
    const steps: [string, number?][] = [["C"], ["C"], [""], ["A"], [""], ["B"], ["", 0.05], ["B"]];
    expect(decodeLine(matrix(steps), steps.length, C, DICT).text).toBe("CABB");
  });

  it("reads an emitted space and a gap far wider than the pitch as spaces", () => {
    const steps: [string, number?][] = [["A"], [""], ["B"], [""], ["C"], [" "], ["D"], [""], ["E"], [""], ["A"], ...Array(8).fill([""]), ["N"], [""], ["O"]];
    expect(decodeLine(matrix(steps), steps.length, C, DICT).text).toBe("ABC DEA NO");
  });

  it("gives the mean confidence of the characters", () => {
    const steps: [string, number?][] = [["A"], [""], ["B"]];
    expect(decodeLine(matrix(steps), steps.length, C, DICT).mean).toBeCloseTo(0.9, 5);
  });
});
