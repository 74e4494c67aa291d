// Report encodings: CSV cells that a spreadsheet would run as formulas are neutralised (OWASP CSV
// injection); WebVTT escapes `&` and `<`; a blank line inside a segment's text never splits a cue.
import { describe, expect, it } from "vitest";
import { parseWebVtt } from "@/lib/analysis/text/vtt";
import { toCsv, toSrt, toVtt } from "@/lib/schemas/formats";
import type { SegmentResponse } from "@/lib/schemas/results";

const seg = (content: string, start = 1, end = 2): SegmentResponse => ({
  id: "s1",
  job_id: "j1",
  module: "transcription",
  content,
  start_time: start,
  end_time: end,
  metadata: '{"provider":"local"}',
  created_at: "2026-11-26T10:00:00",
});

/** The content column of the first data row, parsed back with RFC 4180 quoting. */
function csvContent(csv: string): string {
  const row = csv.split("\r\n")[1]!;
  const m = /^s1,j1,transcription,[^,]*,[^,]*,("(?:[^"]|"")*"|[^,]*),/.exec(row);
  expect(m, row).not.toBeNull();
  const cell = m![1]!;
  return cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
}

describe("CSV report", () => {
  it.each(["=HYPERLINK(\"http://x\")", "+1+2", "-2+3", "@SUM(A1)", "\tcmd", "\rcmd"])("neutralises a cell starting %j", (text) => {
    expect(csvContent(toCsv([seg(text)]))).toBe(`'${text}`);
  });

  it("leaves ordinary text and numbers alone", () => {
    const csv = toCsv([seg("Hello, world", -0, 2)]);
    expect(csvContent(csv)).toBe("Hello, world");
    expect(csv.split("\r\n")[1]).toMatch(/^s1,j1,transcription,0,2,/);
  });
});

describe("WebVTT report", () => {
  it("escapes & and < so cue text is shown as written", () => {
    const vtt = toVtt([seg("Tom & Jerry <b>loud</b> a<b")]);
    expect(vtt).toContain("Tom &amp; Jerry &lt;b&gt;loud&lt;/b&gt; a&lt;b");
    expect(parseWebVtt(vtt)).toEqual([{ start: 1, end: 2, text: "Tom & Jerry <b>loud</b> a<b" }]);
  });

  it("a blank line inside a segment does not split its cue", () => {
    const vtt = toVtt([seg("first line\n\nafter a blank\r\n\r\nlast --> arrow", 1, 2), seg("next", 3, 4)]);
    const cues = parseWebVtt(vtt);
    expect(cues.map((c) => c.text)).toEqual(["first line\nafter a blank\nlast -> arrow", "next"]);
  });
});

describe("SRT report", () => {
  it("a blank line inside a segment does not split its cue", () => {
    const srt = toSrt([seg("one\n\n\ntwo", 1, 2), seg("three", 3, 4)]);
    const blocks = srt.trim().split(/\n\n/);
    expect(blocks).toEqual(["1\n00:00:01,000 --> 00:00:02,000\none\ntwo", "2\n00:00:03,000 --> 00:00:04,000\nthree"]);
  });
});
