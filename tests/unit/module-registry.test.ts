// The module registry: every list of modules (names, labels, lane order, defaults, dependencies,
// colours) comes from one list of definitions, and a module added through the registry alone is
// listed, ordered and run.
import { describe, expect, it } from "vitest";
import { createModuleRegistry, defineModule, type ModuleDefinition } from "@/lib/pipeline/modules/define";
import {
  DEFAULT_MODULES,
  LANE_ORDER,
  MODULE_DEFINITIONS,
  MODULE_NAMES,
  moduleLabel,
  PICTURE_MODULES,
  sortModules,
} from "@/lib/pipeline/modules/registry";
import { MODULE_NAMES as GENERATED_NAMES } from "@/lib/pipeline/modules/names.generated";
import { MODULE_RUNS } from "@/lib/pipeline/modules/runs.generated";
import { moduleTaskDeps } from "@/lib/pipeline/run-pipeline";
import type { ModuleContext, ModuleResult } from "@/lib/pipeline/types";

describe("the product's registry", () => {
  it("lists the modules in the API's order and the lanes in the timeline's", () => {
    expect(MODULE_NAMES).toEqual(["transcription", "visualelements", "scenes", "shots", "grouped_shots", "logos", "video_reasoning"]);
    expect(LANE_ORDER).toEqual(["shots", "scenes", "grouped_shots", "transcription", "visualelements", "logos", "video_reasoning"]);
    expect(DEFAULT_MODULES).toEqual(MODULE_NAMES);
  });

  it("labels known modules and capitalises unknown ones", () => {
    expect(moduleLabel("visualelements")).toBe("Visual elements");
    expect(moduleLabel("old_module")).toBe("Old module");
    expect(sortModules(["video_reasoning", "zeta", "shots", "alpha", "shots"])).toEqual(["shots", "video_reasoning", "alpha", "zeta"]);
  });

  it("says in the definitions which steps wait for the decode pass, for every other module, and whose words describe the picture", () => {
    expect(moduleTaskDeps("transcription", MODULE_NAMES)).toEqual([]);
    expect(moduleTaskDeps("scenes", MODULE_NAMES)).toEqual(["module:shots", "module:transcription", "decode"]);
    expect(moduleTaskDeps("video_reasoning", ["shots", "logos", "video_reasoning"])).toEqual(["module:shots", "module:logos"]);
    expect(PICTURE_MODULES).toEqual(["visualelements", "shots"]);
  });

  it("has a run function for every module, and the generated names in the same order", () => {
    expect(Object.keys(MODULE_RUNS)).toEqual([...MODULE_NAMES]);
    expect(GENERATED_NAMES).toEqual(MODULE_NAMES);
  });
});

describe("a module added through the registry alone", () => {
  // A throwaway module: how many scenes the scenes module found, run after it.
  const sceneCount = {
    name: "scene_count",
    label: "Scene count",
    description: "How many scenes the video has",
    apiOrder: 7,
    lane: 1.5,
    onByDefault: false,
    dependsOn: ["scenes"],
    readsFrames: false,
    colour: { block: "bg-lime-700 hover:bg-lime-800", dot: "bg-lime-500", active: "ring-lime-900" },
    async run(ctx: Pick<ModuleContext, "results">): Promise<ModuleResult> {
      const scenes = ctx.results.scenes?.segments ?? [];
      const end = scenes.at(-1)?.end_time ?? 0;
      return { segments: [{ start_time: 0, end_time: end, content: `${scenes.length} scenes`, metadata: { provider: "local", method: "count" } }] };
    },
  } as const satisfies ModuleDefinition & { run(ctx: Pick<ModuleContext, "results">): Promise<ModuleResult> };

  const registry = createModuleRegistry([...MODULE_DEFINITIONS, sceneCount]);

  it("is listed with its label, lane, default and dependencies", () => {
    expect(registry.names).toEqual([...MODULE_NAMES, "scene_count"]);
    expect(registry.isName("scene_count")).toBe(true);
    expect(registry.label("scene_count")).toBe("Scene count");
    expect(registry.laneOrder.indexOf("scene_count")).toBe(registry.laneOrder.indexOf("scenes") + 1);
    expect(registry.defaults).not.toContain("scene_count");
    expect(registry.defaults).toEqual(DEFAULT_MODULES);
    expect(registry.dependencies.scene_count).toEqual(["scenes"]);
    expect(registry.colour("scene_count").dot).toBe("bg-lime-500");
  });

  it("runs after what it builds on, with their results", async () => {
    const order = registry.executionOrder(["scene_count"]);
    expect(order).toEqual(["shots", "transcription", "scenes", "scene_count"]);

    // The prerequisites' results as the pipeline hands them on: two scenes.
    const results: ModuleContext["results"] = {
      scenes: {
        segments: [
          { start_time: 0, end_time: 4, content: "Scene 1", metadata: { provider: "local", method: "test" } },
          { start_time: 4, end_time: 9.5, content: "Scene 2", metadata: { provider: "local", method: "test" } },
        ],
      },
    };
    const result = await registry.get("scene_count").run({ results });
    expect(result.segments).toEqual([{ start_time: 0, end_time: 9.5, content: "2 scenes", metadata: { provider: "local", method: "count" } }]);
  });

  it("refuses two modules of one name at start-up", () => {
    expect(() => createModuleRegistry([...MODULE_DEFINITIONS, { ...sceneCount, name: "shots" }])).toThrow(/share a name/);
  });

  it("fails typecheck when a piece is missing or a dependency is unknown", () => {
    const { label: _label, run: _run, ...withoutLabel } = sceneCount;
    // @ts-expect-error: a module without a label is not a ModuleDefinition
    const missingLabel: ModuleDefinition = withoutLabel;
    expect(missingLabel.label).toBeUndefined();
    // The error is at defineModule, and what it gives back is still typed by its name.
    // @ts-expect-error: defineModule refuses a definition without a label
    const defined = defineModule(withoutLabel);
    const name: "scene_count" = defined.name;
    expect(name).toBe("scene_count");
    // @ts-expect-error: "scense" is no module of the product's registry
    expect(defineModule({ ...withoutLabel, label: "Scene count", dependsOn: ["scense"] }).dependsOn).toEqual(["scense"]);
    // @ts-expect-error: "scense" is no module of this registry
    expect(() => createModuleRegistry([...MODULE_DEFINITIONS, { ...sceneCount, dependsOn: ["scense"] }])).toThrow(/unknown module scense/);
  });
});
