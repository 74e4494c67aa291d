// WebVTT parsing of what ffmpeg writes for subtitle tracks: exact times, markup stripped, no merging.
import { describe, expect, it } from "vitest";
import { cueText, parseVttTime, parseWebVtt } from "@/lib/analysis/text/vtt";

describe("parseVttTime", () => {
  it("reads mm:ss.ttt and hh:mm:ss.ttt", () => {
    expect(parseVttTime("00:01.750")).toBe(1.75);
    expect(parseVttTime("01:02.000")).toBe(62);
    expect(parseVttTime("01:00:02.5")).toBeCloseTo(3602.5, 6);
    expect(parseVttTime("1:02:03,040")).toBeCloseTo(3723.04, 6);
    expect(parseVttTime("garbage")).toBeNaN();
  });
});

describe("parseWebVtt", () => {
  it("keeps every cue with its own times, in order, multi-line text kept as lines", () => {
    const vtt = [
      "WEBVTT",
      "",
      "00:00.500 --> 00:01.750",
      "Hello <i>world</i>",
      "",
      "00:02.000 --> 00:03.250",
      "Second line",
      "with two lines",
      "",
      "00:02.000 --> 00:03.250",
      "Second line",
      "with two lines",
      "",
      "01:02.000 --> 01:03.000",
      "A & B <b>bold</b>",
      "",
    ].join("\n");
    expect(parseWebVtt(vtt)).toEqual([
      { start: 0.5, end: 1.75, text: "Hello world" },
      { start: 2, end: 3.25, text: "Second line\nwith two lines" },
      { start: 2, end: 3.25, text: "Second line\nwith two lines" },
      { start: 62, end: 63, text: "A & B bold" },
    ]);
  });

  it("skips NOTE, STYLE and REGION blocks, reads identifiers and cue settings, CRLF and BOM", () => {
    const vtt =
      "\uFEFFWEBVTT - title\r\n\r\nSTYLE\r\n::cue { color: red }\r\n\r\nNOTE a comment\r\nmore --> not a cue? no: a note\r\n\r\n" +
      "intro\r\n00:00:01.000 --> 00:00:02.000 align:start position:10%\r\n<v Roger>Hi &amp; welcome&nbsp;back</v>\r\n\r\n" +
      "00:00:03.000 --> 00:00:04.000\r\n<c.yellow>Coloured</c> <00:00:03.500>karaoke\r\n";
    const cues = parseWebVtt(vtt);
    expect(cues).toEqual([
      { start: 1, end: 2, text: "Hi & welcome back" },
      { start: 3, end: 4, text: "Coloured karaoke" },
    ]);
  });

  it("drops cues with no text or impossible times", () => {
    const vtt = "WEBVTT\n\n00:01.000 --> 00:02.000\n<i></i>\n\n00:05.000 --> 00:04.000\nbackwards\n\n00:06.000 --> 00:07.000\nok\n";
    expect(parseWebVtt(vtt)).toEqual([{ start: 6, end: 7, text: "ok" }]);
  });
});

describe("cueText", () => {
  it("decodes numeric entities and removes ASS override tags", () => {
    expect(cueText("caf&#233; &#x2014; {\\an8}top")).toBe("café — top");
  });
});
