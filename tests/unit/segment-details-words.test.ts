// Issue 35 item 7: a segment's details say things in words or leave them out: no detection boxes
// and pass counts ("Box: 0.518, 0.261 … · Support: 3"), no recognised words with their timings and
// scores ("Words: oh, 0.04, 0.32, 0.693 …"), no internal person number ("Person index 3").
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { detailFields } from "@/components/results/segment-details";

function text(metadata: object): string {
  const rows = detailFields(JSON.stringify(metadata)) ?? [];
  expect(rows.length).toBeGreaterThan(0);
  return rows
    .map(([k, v]) => `${k}: ${renderToStaticMarkup(createElement(Fragment, null, v)).replace(/<[^>]+>/g, "")}`)
    .join("\n");
}

describe("segment details in words", () => {
  it("objects: the label and how sure, no box or pass count", () => {
    const t = text({
      provider: "local",
      objects: [
        { label: "car", confidence: 0.72, box: [0.518, 0.261, 0.3, 0.2], support: 3 },
        { label: "traffic_light", confidence: 0.5, box: [0.1, 0.1, 0.05, 0.1], support: 1 },
      ],
    });
    expect(t).toContain("car (72 % sure)");
    expect(t).toContain("traffic light (50 % sure)");
    expect(t).not.toMatch(/Box|Support|0\.518/);
  });

  it("speech: no per-word timings and scores", () => {
    const t = text({ provider: "local", language: "en-US", confidence: 0.61, words: [["oh", 0.04, 0.32, 0.693], ["well", 0.32, 0.6, 0.5]] });
    expect(t).toContain("Confidence");
    expect(t).not.toMatch(/Words|0\.693/);
  });

  it("people: the person's name, not their internal number", () => {
    const t = text({ provider: "local", person_id: "p3", person_index: 2, person_name: "Person 2", faces_seen: 2, face_times: [1.5, 3] });
    expect(t).toContain("Person: Person 2");
    expect(t).not.toMatch(/index/i);
    expect(t).toContain("00:01");
  });
});
