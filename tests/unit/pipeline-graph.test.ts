// The pipeline's step graph (what waits for what), the per-keyframe pool and the live progress
// state of the processing pages.
import { describe, expect, it } from "vitest";
import { applyEvent, blank } from "@/components/videos/processing-store";
import { KeyframePool, type KeyframeAnalyzer } from "@/lib/analysis/keyframes/pool";
import { executionOrder } from "@/lib/pipeline/modules/registry";
import { moduleTaskDeps } from "@/lib/pipeline/run-pipeline";
import { runTaskGraph } from "@/lib/pipeline/task-graph";

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("runTaskGraph", () => {
  it("starts each task once its dependencies are done, independent ones together", async () => {
    const log: string[] = [];
    const task = (name: string, deps: string[]) => ({
      deps,
      run: async () => {
        log.push(`${name}+`);
        await tick();
        log.push(`${name}-`);
      },
    });
    await runTaskGraph({ a: task("a", []), b: task("b", []), c: task("c", ["a"]), d: task("d", ["b", "c"]) });
    // a and b start before either ends; c after a; d after both b and c.
    expect(log.slice(0, 2).sort()).toEqual(["a+", "b+"]);
    expect(log.indexOf("c+")).toBeGreaterThan(log.indexOf("a-"));
    expect(log.indexOf("d+")).toBeGreaterThan(Math.max(log.indexOf("b-"), log.indexOf("c-")));
    expect(log).toHaveLength(8);
  });

  it("after a failure starts nothing new, waits for what is running and rethrows", async () => {
    const log: string[] = [];
    const run = runTaskGraph({
      bad: { deps: [], run: async () => Promise.reject(new Error("boom")) },
      slow: {
        deps: [],
        run: async () => {
          await tick();
          await tick();
          log.push("slow done");
        },
      },
      after: { deps: ["bad"], run: async () => void log.push("after ran") },
    });
    await expect(run).rejects.toThrow("boom");
    expect(log).toEqual(["slow done"]);
  });

  it("rejects an unknown dependency", async () => {
    await expect(runTaskGraph({ a: { deps: ["nope"], run: async () => {} } })).rejects.toThrow(/unknown task nope/);
  });
});

describe("moduleTaskDeps", () => {
  const all = executionOrder(["transcription", "visualelements", "scenes", "shots", "grouped_shots", "logos", "video_reasoning"]);
  it("transcription waits for nothing (it runs beside the decode pass)", () => {
    expect(moduleTaskDeps("transcription", all)).toEqual([]);
  });
  it("frame modules wait for the decode pass and their prerequisites only", () => {
    expect(moduleTaskDeps("shots", all)).toEqual(["decode"]);
    expect(moduleTaskDeps("visualelements", all).sort()).toEqual(["decode", "module:shots"]);
    expect(moduleTaskDeps("scenes", all).sort()).toEqual(["decode", "module:shots", "module:transcription"]);
    expect(moduleTaskDeps("logos", all).sort()).toEqual(["decode", "module:visualelements"]);
  });
  it("video_reasoning waits for every other module of the run", () => {
    expect(moduleTaskDeps("video_reasoning", all).sort()).toEqual(all.filter((m) => m !== "video_reasoning").map((m) => `module:${m}`).sort());
  });
});

describe("KeyframePool", () => {
  it("runs each analyzer once per keyframe, at most `concurrency` at a time, and reports failures as outcomes", async () => {
    let inFlight = 0;
    let peak = 0;
    let calls = 0;
    const slow: KeyframeAnalyzer<string> = {
      name: "slow",
      unavailable: async () => null,
      analyze: async (kf) => {
        calls++;
        peak = Math.max(peak, ++inFlight);
        await tick();
        inFlight--;
        if (kf.file === "bad.jpg") throw new Error("unreadable");
        return `read ${kf.file}`;
      },
    };
    const missing: KeyframeAnalyzer = { name: "missing", unavailable: async () => "no model here", analyze: async () => "never" };
    const pool = new KeyframePool([slow, missing], new AbortController().signal, 2);
    expect(await pool.problems()).toEqual(new Map([["missing", "no model here"]]));
    const files = ["a.jpg", "b.jpg", "c.jpg", "a.jpg", "bad.jpg"];
    const out = await Promise.all(files.map((file) => pool.analyze({ file, time: 0, small: null })));
    expect(out[0]).toEqual({ slow: { ok: true, value: "read a.jpg" } });
    expect(out[3]).toEqual(out[0]);
    expect(out[4]).toEqual({ slow: { ok: false, error: "unreadable" } });
    expect(calls).toBe(4);
    expect(peak).toBe(2);
  });
});

describe("module_progress in the processing state", () => {
  it("moves a module to running with its percent and message, the decode pass separately, and ignores late progress", () => {
    let s = blank("job", ["visualelements"]);
    s = applyEvent(s, { type: "module_progress", module: "decode", percent: 40, message: "Decoding frames" });
    expect(s.decode).toEqual({ percent: 40, message: "Decoding frames" });
    s = applyEvent(s, { type: "module_progress", module: "visualelements", percent: 25, message: "Shot 5 of 20" });
    const ve = s.modules.find((m) => m.module === "visualelements")!;
    expect(ve).toMatchObject({ state: "running", percent: 25, message: "Shot 5 of 20" });
    s = applyEvent(s, { type: "module_completed", module: "visualelements", segments: 20 });
    s = applyEvent(s, { type: "module_progress", module: "visualelements", percent: 90 });
    expect(s.modules.find((m) => m.module === "visualelements")).toMatchObject({ state: "done", percent: null, segments: 20 });
  });
});

describe("import_progress in the processing state", () => {
  it("keeps the latest bytes, total and percent of an import from a URL; ignores a malformed event", () => {
    let s = blank("job", ["transcription"]);
    expect(s.importing).toBeNull();
    // as sent without a Content-Length (JSON nulls)
    s = applyEvent(s, JSON.parse('{"type":"import_progress","bytes":0,"total":null,"percent":null}'));
    expect(s.importing).toEqual({ bytes: 0, total: null, percent: null });
    s = applyEvent(s, { type: "import_progress", bytes: 4096, total: 10240, percent: 40 });
    expect(s.importing).toEqual({ bytes: 4096, total: 10240, percent: 40 });
    s = applyEvent(s, { type: "import_progress", bytes: "lots", total: 10240, percent: 50 });
    expect(s.importing).toEqual({ bytes: 4096, total: 10240, percent: 40 });
    expect(s.modules.map((m) => m.state)).toEqual(["waiting"]);
  });
});
