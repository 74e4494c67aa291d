// The layer both sides import (lib/schemas, the module registry, the browser-safe files of
// lib/core) stays browser-safe: no value import of the database, storage, crypto or anything else
// server-only (type imports are erased and fine).
// A schema that needs server code to shape a response keeps that function elsewhere
// (e.g. lib/videos/video-response.ts).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
/** lib/core files both sides use (their imports are checked below, like the rest). */
const IMPORT_FREE_CORE = ["uuid", "video-statuses", "clock", "list-in-words", "iso-time", "search-limits", "multipart-layout", "storage-limits", "webhook-event-types"];

const ALLOWED = [
  /^zod$/,
  /^\.\/[\w-]+$/,
  /^@\/lib\/schemas\/[\w-]+$/,
  new RegExp(`^@/lib/core/(${IMPORT_FREE_CORE.join("|")})$`),
  /^\.\.?\/define$/,
  /^\.\/[\w-]+\/module$/,
  /^@\/lib\/pipeline\/modules\/registry$/,
  /^\.\/(names|definitions)\.generated$/,
];

function valueImports(file: string): string[] {
  const src = fs.readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of src.matchAll(/^import\s+(type\s+)?[^;]*?from\s+"([^"]+)";?$/gm)) if (!m[1]) out.push(m[2]!);
  for (const m of src.matchAll(/^import\s+"([^"]+)";?$/gm)) out.push(m[1]!);
  return out;
}

describe("the shared layer", () => {
  const files = [
    ...fs.readdirSync(path.join(root, "lib/schemas")).filter((f) => f.endsWith(".ts")).map((f) => `lib/schemas/${f}`),
    ...IMPORT_FREE_CORE.map((f) => `lib/core/${f}.ts`),
    "lib/pipeline/modules/define.ts",
    "lib/pipeline/modules/registry.ts",
    "lib/pipeline/modules/names.generated.ts",
    "lib/pipeline/modules/definitions.generated.ts",
    ...fs
      .readdirSync(path.join(root, "lib/pipeline/modules"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `lib/pipeline/modules/${d.name}/module.ts`),
  ];

  it("has files to check", () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files).toContain("lib/schemas/videos.ts");
    expect(files).toContain("lib/pipeline/modules/shots/module.ts");
  });

  it("imports only zod, its own modules and import-free shared modules", () => {
    const bad = files.flatMap((f) => valueImports(path.join(root, f)).filter((i) => !ALLOWED.some((re) => re.test(i))).map((i) => `${f} → ${i}`));
    expect(bad).toEqual([]);
  });
});
