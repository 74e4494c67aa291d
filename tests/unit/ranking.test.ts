// The ranking rules of search as pure functions: threshold, the 5-second dedup window,
// round-robin across modules, final order.
import { describe, expect, it } from "vitest";
import type { Candidate } from "@/db/queries/search";
import { dedupeByWindow, modulesThatRanShort, rankCandidates, roundRobin, windowKey } from "@/lib/search/rank";

let n = 0;
function c(module: string, startTime: number, similarity: number, jobId = "job-a"): Candidate {
  n++;
  return { id: `id-${String(n).padStart(4, "0")}`, jobId, module, content: `${module}@${startTime}`, startTime, endTime: startTime + 1, metadata: null, similarity };
}
const ids = (xs: Candidate[]) => xs.map((x) => x.content);

describe("threshold", () => {
  it("drops candidates below the threshold and keeps one exactly at it", () => {
    const out = rankCandidates([c("transcription", 0, 0.39999), c("transcription", 10, 0.4), c("transcription", 20, 0.9)], { limit: 20, threshold: 0.4 });
    expect(ids(out)).toEqual(["transcription@20", "transcription@10"]);
  });
  it("threshold 0 keeps everything, threshold 1 only perfect matches", () => {
    const xs = [c("shots", 0, 0), c("shots", 10, 1), c("shots", 20, 0.5)];
    expect(rankCandidates(xs, { limit: 20, threshold: 0 })).toHaveLength(3);
    expect(ids(rankCandidates(xs, { limit: 20, threshold: 1 }))).toEqual(["shots@10"]);
  });
});

describe("dedup per (job_id, module, 5-second window)", () => {
  it("uses fixed windows floor(start_time / 5): 4.99 and 5.0 are different windows", () => {
    expect(windowKey(c("x", 4.99, 1))).not.toEqual(windowKey(c("x", 5, 1)));
    expect(windowKey(c("x", 5, 1))).toEqual(windowKey(c("x", 9.99, 1)));
  });
  it("keeps the best of each window, never merging other jobs or modules", () => {
    const out = dedupeByWindow(
      [
        c("transcription", 5.0, 0.6),
        c("transcription", 9.9, 0.8), // same window, better
        c("transcription", 7.0, 0.7),
        c("scenes", 6.0, 0.5), // other module, same window
        c("transcription", 6.0, 0.55, "job-b"), // other job, same window
        c("transcription", 10.0, 0.65), // next window
      ],
      0,
    );
    expect(out.map((x) => `${x.jobId}/${x.content}`)).toEqual([
      "job-a/transcription@9.9",
      "job-a/transcription@10",
      "job-b/transcription@6",
      "job-a/scenes@6",
    ]);
  });
  it("dedups before the threshold would matter: a window's best below threshold removes the window", () => {
    const out = rankCandidates([c("logos", 1, 0.3), c("logos", 2, 0.35)], { limit: 5, threshold: 0.4 });
    expect(out).toEqual([]);
  });
  it("a tie keeps the earlier segment", () => {
    const out = dedupeByWindow([c("shots", 3, 0.5), c("shots", 1, 0.5)], 0);
    expect(ids(out)).toEqual(["shots@1"]);
  });
});

describe("round-robin across modules", () => {
  const pool = [
    c("transcription", 0, 0.95),
    c("transcription", 10, 0.94),
    c("transcription", 20, 0.93),
    c("transcription", 30, 0.92),
    c("transcription", 40, 0.91),
    c("visualelements", 0, 0.6),
    c("visualelements", 10, 0.59),
    c("scenes", 0, 0.5),
  ];
  it("takes the best of each module in turn, so no module dominates", () => {
    const sorted = dedupeByWindow(pool, 0);
    expect(ids(roundRobin(sorted, 4))).toEqual(["transcription@0", "visualelements@0", "scenes@0", "transcription@10"]);
  });
  it("modules take turns in the order of their best similarity, and a cut mid-round favours the better module", () => {
    expect(ids(roundRobin(dedupeByWindow(pool, 0), 2))).toEqual(["transcription@0", "visualelements@0"]);
  });
  it("continues with the modules that still have candidates once others run out", () => {
    const out = rankCandidates(pool, { limit: 7, threshold: 0 });
    expect(ids(out)).toEqual([
      "transcription@0",
      "transcription@10",
      "transcription@20",
      "transcription@30",
      "visualelements@0",
      "visualelements@10",
      "scenes@0",
    ]);
  });
  it("answers the selection sorted by similarity descending, never more than limit", () => {
    const out = rankCandidates(pool, { limit: 5, threshold: 0 });
    expect(out).toHaveLength(5);
    const sims = out.map((x) => x.similarity);
    expect(sims).toEqual([...sims].sort((a, b) => b - a));
    // transcription@20 (0.93) is out: scenes@0 (0.5) won its turn in round one
    expect(ids(out)).toEqual(["transcription@0", "transcription@10", "visualelements@0", "visualelements@10", "scenes@0"]);
  });
  it("limit larger than the pool answers the whole pool", () => {
    expect(rankCandidates(pool, { limit: 200, threshold: 0 })).toHaveLength(pool.length);
  });
});

describe("modulesThatRanShort (capped approximate fetches)", () => {
  it("names modules with fewer candidates than rounds played, and absent ones", () => {
    const pool = [c("transcription", 0, 0.9), c("transcription", 10, 0.8), c("transcription", 20, 0.7), c("scenes", 0, 0.6)];
    // limit 3: round 1 transcription, scenes; round 2 transcription → 2 rounds; scenes has 1 < 2
    expect(modulesThatRanShort(pool, { limit: 3, threshold: 0 }, ["transcription", "scenes", "logos"])).toEqual(["scenes", "logos"]);
  });
  it("when the selection is not full every module with fewer than limit candidates is short", () => {
    const pool = [c("transcription", 0, 0.9)];
    expect(modulesThatRanShort(pool, { limit: 5, threshold: 0 }, ["transcription", "shots"])).toEqual(["transcription", "shots"]);
  });
});
