// lib's layers (.dependency-cruiser.cjs LIB_LAYERS, README "Layers inside lib"): every lib file is
// in exactly one; `lint:imports` fails on an import from a lower layer to a higher one (checked
// in a scratch copy of the configuration with a few files of its own); and lib as it stands has
// only the listed upward imports, no pair of folders importing each other and no circle.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cruiseLib, layersOf, LIB_LAYERS, LIB_UPWARD_EXCEPTIONS, measure } from "@/scripts/lib-layers.mjs";

const root = path.resolve(__dirname, "../..");
const depcruise = path.join(root, "node_modules/.bin/depcruise");

function libFiles(dir = path.join(root, "lib")): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return libFiles(p);
    return /\.(ts|tsx|mts|js|mjs)$/.test(e.name) ? [path.relative(root, p)] : [];
  });
}

describe("lib's layers", () => {
  it("are the five of the README, bottom to top", () => {
    expect(LIB_LAYERS.map((l) => l.name)).toEqual(["core", "services", "features", "pipeline", "server"]);
  });

  it("hold every file of lib exactly once", () => {
    const files = libFiles();
    expect(files.length).toBeGreaterThan(300);
    const misplaced = files.filter((f) => layersOf(f).length !== 1).map((f) => `${f}: ${layersOf(f).length} layers`);
    expect(misplaced).toEqual([]);
  });

  it("put the module definitions with the services and the module runs with the pipeline", () => {
    const name = (f: string) => LIB_LAYERS[layersOf(f)[0]!]!.name;
    expect(name("lib/pipeline/modules/registry.ts")).toBe("services");
    expect(name("lib/pipeline/modules/shots/module.ts")).toBe("services");
    expect(name("lib/pipeline/modules/shots/run.ts")).toBe("pipeline");
    expect(name("lib/pipeline/modules/runs.generated.ts")).toBe("pipeline");
    expect(name("lib/pipeline/run-pipeline.ts")).toBe("pipeline");
    expect(name("lib/config.ts")).toBe("services");
  });
});

describe("lint:imports in a scratch copy", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lib-layers-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.copyFileSync(path.join(root, ".dependency-cruiser.cjs"), path.join(dir, ".dependency-cruiser.cjs"));
  fs.writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { module: "esnext", moduleResolution: "bundler", strict: true, paths: { "@/*": ["./*"] } } }),
  );
  fs.mkdirSync(path.join(dir, "app"));

  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  const remove = (file: string) => fs.rmSync(path.join(dir, file));
  /** The exit status and output of dependency-cruiser over the scratch lib, as `npm run lint:imports` runs it. */
  const lint = (): { status: number; out: string } => {
    try {
      const out = execFileSync(depcruise, ["lib", "--config", ".dependency-cruiser.cjs", "--output-type", "err"], { cwd: dir, encoding: "utf8" });
      return { status: 0, out };
    } catch (err) {
      const e = err as { status: number; stdout: string; stderr: string };
      return { status: e.status, out: `${e.stdout}${e.stderr}` };
    }
  };

  write("lib/core/ids.ts", "export const ID = 1;\n");
  write("lib/storage/paths.ts", 'import { ID } from "@/lib/core/ids";\nexport const key = () => `k${ID}`;\n');
  write("lib/videos/video-ops.ts", 'import { key } from "@/lib/storage/paths";\nexport const video = () => key();\n');
  write("lib/pipeline/engine.ts", 'import { video } from "@/lib/videos/video-ops";\nexport const wake = () => video();\n');
  write("lib/pipeline/run-pipeline.ts", 'import { video } from "@/lib/videos/video-ops";\nexport const run = () => video();\n');

  it("passes while every import points down or sideways", { timeout: 120_000 }, () => {
    const { status, out } = lint();
    expect(out).toContain("no dependency violations found");
    expect(status).toBe(0);
  });

  it("fails on an import from a service up to a feature", { timeout: 120_000 }, () => {
    write("lib/storage/owner.ts", 'import { video } from "@/lib/videos/video-ops";\nexport const owner = () => video();\n');
    try {
      const { status, out } = lint();
      expect(status).not.toBe(0);
      expect(out).toContain("lib-services-never-imports-up: lib/storage/owner.ts → lib/videos/video-ops.ts");
    } finally {
      remove("lib/storage/owner.ts");
    }
  });

  it("fails on a type-only import from a service up to the pipeline", { timeout: 120_000 }, () => {
    write("lib/storage/run-ref.ts", 'import type { run } from "@/lib/pipeline/run-pipeline";\nexport type Run = typeof run;\n');
    try {
      const { status, out } = lint();
      expect(status).not.toBe(0);
      expect(out).toContain("lib-services-never-imports-up: lib/storage/run-ref.ts → lib/pipeline/run-pipeline.ts");
    } finally {
      remove("lib/storage/run-ref.ts");
    }
  });

  it("lets a listed exception import its one target above, and nothing else above", { timeout: 120_000 }, () => {
    const [exception] = LIB_UPWARD_EXCEPTIONS;
    expect(exception).toMatchObject({ from: "lib/videos/queue-processing.ts", to: "lib/pipeline/engine.ts" });
    write("lib/videos/queue-processing.ts", 'import { wake } from "@/lib/pipeline/engine";\nexport const queue = () => wake();\n');
    try {
      expect(lint().status).toBe(0);
      write("lib/videos/queue-processing.ts", 'import { wake } from "@/lib/pipeline/engine";\nimport { run } from "@/lib/pipeline/run-pipeline";\nexport const queue = () => [wake(), run()];\n');
      const { status, out } = lint();
      expect(status).not.toBe(0);
      expect(out).toContain("lib/videos/queue-processing.ts → lib/pipeline/run-pipeline.ts");
      expect(out).not.toContain("lib/videos/queue-processing.ts → lib/pipeline/engine.ts");
    } finally {
      remove("lib/videos/queue-processing.ts");
    }
  });
});

describe("lib as it stands", () => {
  it("has only the listed upward imports (at most 5), no pair of folders importing each other, no circle", { timeout: 300_000 }, () => {
    const { upward, unexpected, mutual, circles } = measure(cruiseLib());
    expect(unexpected).toEqual([]);
    expect(LIB_UPWARD_EXCEPTIONS.length).toBeLessThanOrEqual(5);
    // Every listed exception is still an import (else it goes from the list).
    expect(upward).toEqual(expect.arrayContaining(LIB_UPWARD_EXCEPTIONS.map(({ from, to }) => ({ from, to }))));
    expect(mutual).toEqual([]);
    expect(circles).toEqual([]);
  });
});
