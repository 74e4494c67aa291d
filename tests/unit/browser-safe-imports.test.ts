// The layer both sides import (lib/schemas, lib/domain, the browser-safe files of lib/core) stays browser-safe: no value import of
// the database, storage, crypto or anything else server-only (type imports are erased and fine).
// A schema that needs server code to shape a response keeps that function elsewhere
// (e.g. lib/videos/video-response.ts).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const ALLOWED = [
  /^zod$/,
  /^\.\/[\w-]+$/,
  /^@\/lib\/(schemas|domain)\/[\w-]+$/,
  /^@\/lib\/core\/(uuid|video-statuses|clock)$/,
  /^@\/lib\/api\/contract$/,
  /^@\/lib\/pipeline\/module-names$/,
  /^@\/lib\/search\/limits$/,
  /^@\/lib\/storage\/(limits|content-types|multipart-layout)$/,
  /^@\/lib\/webhooks\/event-types$/,
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
    ...["lib/schemas", "lib/domain"].flatMap((dir) =>
      fs.readdirSync(path.join(root, dir)).filter((f) => f.endsWith(".ts")).map((f) => path.join(dir, f)),
    ),
    ...["uuid", "video-statuses", "clock"].map((f) => `lib/core/${f}.ts`),
  ];

  it("has files to check", () => {
    expect(files.length).toBeGreaterThan(10);
    expect(files).toContain("lib/schemas/videos.ts");
  });

  it("imports only zod, its own modules and import-free domain modules", () => {
    const bad = files.flatMap((f) => valueImports(path.join(root, f)).filter((i) => !ALLOWED.some((re) => re.test(i))).map((i) => `${f} → ${i}`));
    expect(bad).toEqual([]);
  });
});
