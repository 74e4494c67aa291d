// A module is one folder plus `npm run gen`: the committed generated files are what the folders
// generate now, and README's recipe, followed to the letter in a scratch copy of the project
// (its two files taken from README, then `npm run gen` there), registers a module that the
// registry lists and orders, the list of runs holds and the API types name.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { API_TYPES_FILE } from "@/lib/openapi/client-types";
import { GENERATED_FILES, MODULES_DIR, generateModuleFiles } from "@/lib/pipeline/modules/generate";

const ROOT = process.cwd();

describe("the generated module files", () => {
  it("are what `npm run gen` writes from the module folders now (regenerate when this fails)", async () => {
    const fresh = await generateModuleFiles(ROOT);
    expect(Object.keys(fresh).sort()).toEqual(Object.values(GENERATED_FILES).map((f) => `${MODULES_DIR}/${f}`).sort());
    for (const [file, text] of Object.entries(fresh)) {
      const committed = fs.readFileSync(path.join(ROOT, file), "utf8");
      expect(committed === text, `${file} is stale: run npm run gen`).toBe(true);
    }
  });
});

/** The recipe's code blocks: README's "Adding an analysis module", with the file each is for. */
function recipeFiles(): { file: string; code: string }[] {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Adding an analysis module"));
  const recipe = section.slice(0, section.indexOf("\n## ", 5));
  const steps = [...recipe.matchAll(/^\d+\. `(lib\/pipeline\/modules\/[^`]+\.ts)`[^]*?```ts\n([^]*?)\n\s*```/gm)];
  return steps.map((m) => ({ file: m[1]!, code: m[2]!.replace(/^ {3}/gm, "") }));
}

const scratch: string[] = [];
afterAll(() => {
  for (const d of scratch) fs.rmSync(d, { recursive: true, force: true });
});

/** A copy of what `npm run gen` reads and runs with (node_modules linked, not copied). */
function scratchCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-module-recipe-"));
  scratch.push(dir);
  for (const entry of ["lib", "db", "scripts", "package.json", "tsconfig.json"]) {
    fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

const tsx = (dir: string, args: string[]) =>
  execFileSync(path.join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", ...args], { cwd: dir, encoding: "utf8", env: { ...process.env } });

describe("README's recipe for adding a module", () => {
  it("registers a module through one folder and `npm run gen`", { timeout: 300_000 }, () => {
    const files = recipeFiles();
    expect(files.map((f) => path.basename(f.file))).toEqual(["module.ts", "run.ts"]);
    const folder = path.dirname(files[0]!.file);
    expect(path.dirname(files[1]!.file)).toBe(folder);

    const dir = scratchCopy();
    expect(fs.existsSync(path.join(dir, folder))).toBe(false);
    fs.mkdirSync(path.join(dir, folder));
    for (const f of files) fs.writeFileSync(path.join(dir, f.file), f.code + "\n");
    const name = path.basename(folder).replace(/-/g, "_");

    tsx(dir, ["scripts/gen.ts"]);

    const read = (file: string) => fs.readFileSync(path.join(dir, file), "utf8");
    expect(read(`${MODULES_DIR}/${GENERATED_FILES.names}`)).toContain(`"${name}"`);
    expect(read(`${MODULES_DIR}/${GENERATED_FILES.definitions}`)).toMatch(new RegExp(`from "\\./${path.basename(folder)}/module"`));
    expect(read(`${MODULES_DIR}/${GENERATED_FILES.runs}`)).toMatch(new RegExp(`from "\\./${path.basename(folder)}/run"`));
    expect(read(API_TYPES_FILE)).toContain(`| "${name}"`);
    // The product's own files are untouched.
    expect(fs.readFileSync(path.join(ROOT, MODULES_DIR, GENERATED_FILES.names), "utf8")).not.toContain(`"${name}"`);

    // The scratch copy's registry lists it, in lane order after what it builds on, and its run runs.
    fs.writeFileSync(
      path.join(dir, "probe.ts"),
      `import { MODULE_NAMES, LANE_ORDER, executionOrder, moduleLabel, DEFAULT_MODULES } from "@/lib/pipeline/modules/registry";
import { MODULE_RUNS } from "@/lib/pipeline/modules/runs.generated";
const scenes = { segments: [
  { start_time: 0, end_time: 4, content: "Scene 1", metadata: { provider: "local" as const, method: "test" } },
  { start_time: 4, end_time: 10, content: "Scene 2", metadata: { provider: "local" as const, method: "test" } },
] };
const result = await MODULE_RUNS[${JSON.stringify(name)}].run({ results: { scenes } } as never);
console.log(JSON.stringify({ names: MODULE_NAMES, lanes: LANE_ORDER, order: executionOrder([${JSON.stringify(name)}]),
  label: moduleLabel(${JSON.stringify(name)}), defaults: DEFAULT_MODULES, runs: Object.keys(MODULE_RUNS), result }));
`,
    );
    const probe = JSON.parse(tsx(dir, ["probe.ts"]).trim().split("\n").pop()!);
    expect(probe.names).toEqual(["transcription", "visualelements", "scenes", "shots", "grouped_shots", "logos", "video_reasoning", name]);
    expect(probe.runs).toEqual(probe.names);
    expect(probe.lanes.indexOf(name)).toBe(probe.lanes.indexOf("scenes") + 1);
    expect(probe.order).toEqual(["shots", "transcription", "scenes", name]);
    expect(probe.label).toBe("Scene lengths");
    expect(probe.defaults).not.toContain(name);
    expect(probe.result).toEqual({
      segments: [
        { start_time: 0, end_time: 4, content: "4 s", metadata: { provider: "local", method: "scene_length" } },
        { start_time: 4, end_time: 10, content: "6 s", metadata: { provider: "local", method: "scene_length" } },
      ],
      data: { longest: 6 },
    });
  });
});
