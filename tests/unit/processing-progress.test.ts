// Issue 35 items 8 and 10: what the processing card says. A failed run says why once, and no module
// count or note ("0 segments", "no audio track") contradicts the failure; a running one shows one
// percentage, not the decode pass's, each module's and the overall one at once.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { overallProgress, ProcessingProgress } from "@/components/videos/processing-progress";
import type { ModuleProgress, ProcessingState } from "@/components/videos/processing-store";

const UNREADABLE = "The video file could not be read: it may be damaged, incomplete or in a format that is not supported. Upload the complete file again.";

function mod(module: string, over: Partial<ModuleProgress>): ModuleProgress {
  return { module, state: "waiting", selected: true, segments: null, notes: [], percent: null, message: null, ...over };
}

function state(over: Partial<ProcessingState>): ProcessingState {
  return { jobId: "j", connection: "live", modules: [], decode: null, importing: null, done: null, doneAt: null, error: null, ...over };
}

/** The card's text as a person reads it (tags dropped, screen-reader-only words kept). */
function text(s: ProcessingState, props: Record<string, unknown> = {}): string {
  return renderToStaticMarkup(createElement(ProcessingProgress, { state: s, ...props }))
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

describe("a failed run", () => {
  const failed = state({
    modules: [
      mod("transcription", { state: "done", segments: 0, notes: ["The video has no audio track and no subtitle track"] }),
      mod("shots", { state: "running", percent: 40 }),
    ],
    done: { status: "failed", error: UNREADABLE, notes: [] },
  });

  it("says why once, with no module notes or counts that contradict it", () => {
    const t = text(failed, { status: "failed", serverError: UNREADABLE });
    expect(count(t, "could not be read")).toBe(1);
    expect(count(t, "Processing failed")).toBe(1);
    expect(t).not.toContain("no audio track");
    expect(t).not.toContain("0 segments");
    expect(t).not.toMatch(/\d+%/);
  });

  it("where the page says why elsewhere, not at all", () => {
    const t = text(failed, { status: "failed", serverError: UNREADABLE, withError: false });
    expect(t).not.toContain("could not be read");
  });
});

describe("a running run", () => {
  it("shows one percentage", () => {
    const t = text(
      state({
        decode: { percent: 40, message: null },
        modules: [mod("transcription", { state: "running", percent: 55 }), mod("visualelements", { state: "running", percent: 20 }), mod("shots", { state: "done", segments: 3 })],
      }),
      { status: "processing" },
    );
    expect(t.match(/\d+ ?%/g)).toHaveLength(1);
    expect(t).toContain("decoding the video");
  });
});

describe("a long video's run in parts", () => {
  const parts = (done: number) => ({ total: 3, done: Array.from({ length: done }, (_, i) => ({ chunk: i, start: i * 60, end: (i + 1) * 60 })) });
  const modules = [mod("shots", {}), mod("transcription", {}), mod("scenes", {})];

  it("counts the parts done on the bar, and each module says where it stands", () => {
    const s = state({ modules, chunks: parts(1) });
    expect(overallProgress(s)).toEqual({ pct: 30, started: true });
    const t = text(s, { status: "processing" });
    expect(t).toContain("Analysing in 3 parts: 1 done (their shots and transcript are shown below)");
    expect(t).toContain("· 30%");
    expect(count(t, "1 of 3 parts")).toBe(2);
    expect(t).toContain("After the parts");
    expect(t).not.toContain("Waiting");
    expect(renderToStaticMarkup(createElement(ProcessingProgress, { state: s }))).toContain('aria-valuetext="1 of 3 parts done"');
  });

  it("before any part is done shows no percentage and promises nothing below", () => {
    const s = state({ modules, chunks: parts(0) });
    expect(overallProgress(s).started).toBe(false);
    const t = text(s, { status: "processing" });
    expect(t).toContain("Analysing in 3 parts: 0 done");
    expect(t).not.toContain("shown below");
    expect(t).not.toMatch(/\d+ ?%/);
  });

  it("goes on from the parts' share once the merge runs its modules", () => {
    const merging = state({ modules: [mod("shots", { state: "done", segments: 40 }), mod("transcription", { state: "done", segments: 9 }), mod("scenes", { state: "running", percent: 50 })], chunks: parts(3) });
    expect(overallProgress(merging).pct).toBe(98);
    expect(text(merging, { status: "processing" })).not.toContain("parts");
    expect(overallProgress({ ...merging, modules: modules }).pct).toBe(90);
  });
});
