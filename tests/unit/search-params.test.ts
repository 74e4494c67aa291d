import { describe, expect, it } from "vitest";
import { queryWords } from "@/components/search/highlight";
import { EMPTY_SEARCH, hitHref, parseSearchState, searchStateToQueryString } from "@/components/search/search-params";

const parse = (qs: string) => parseSearchState(new URLSearchParams(qs));

describe("search page URL", () => {
  it("round-trips a search, leaving defaults out", () => {
    const state = { query: "blue sea", videoId: "abc", modules: ["shots" as const, "transcription" as const], threshold: 0.25, limit: 40 };
    const qs = searchStateToQueryString(state);
    expect(qs).toBe("q=blue+sea&video=abc&modules=shots%2Ctranscription&threshold=0.25&limit=40");
    expect(parse(qs)).toEqual(state);
    expect(searchStateToQueryString({ ...EMPTY_SEARCH, query: "green" })).toBe("q=green");
    expect(parse("")).toEqual(EMPTY_SEARCH);
  });

  it("drops or clamps what the API would refuse, so a hand-edited link still searches", () => {
    expect(parse("q=%20%20green%20&modules=shots,nope,shots&threshold=7&limit=9999")).toMatchObject({
      query: "green",
      modules: ["shots"],
      threshold: 1,
      limit: 200,
    });
    expect(parse("threshold=-1&limit=0")).toMatchObject({ threshold: 0, limit: 1 });
    expect(parse("threshold=abc&limit=x")).toMatchObject({ threshold: 0.4, limit: 20 });
    expect(parse(`q=${"a".repeat(5000)}`).query).toHaveLength(4000);
  });

  it("links a hit to the results page at its start (no ?t= at zero)", () => {
    expect(hitHref("job-1", 2.2)).toBe("/videos/job-1?t=2.2");
    expect(hitHref("job-1", 12.3456)).toBe("/videos/job-1?t=12.35");
    expect(hitHref("job-1", 0)).toBe("/videos/job-1");
  });

  it("links a hit to its own module's tab", () => {
    expect(hitHref("job-1", 2.2, "transcription")).toBe("/videos/job-1?t=2.2&module=transcription");
    expect(hitHref("job-1", 0, "shots")).toBe("/videos/job-1?module=shots");
  });
});

describe("highlighted query words", () => {
  it("keeps words of two or more characters, once, longest first", () => {
    expect(queryWords("Green greens, a GREEN sea!")).toEqual(["greens", "green", "sea"]);
    expect(queryWords("?!")).toEqual([]);
  });
});
