// Configuration checked at start: one schema (lib/env/schema.ts) names every variable the server
// reads; a bad value is refused with the variable's name; `.env.example`, README's configuration
// table and the schema list the same names; and a variable read in the code but missing from the
// schema fails here.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkEnv } from "@/lib/env/check-env";
import { ENV_NAMES, NOT_CONFIGURATION } from "@/lib/env/schema";

const ROOT = process.cwd();
const read = (p: string) => fs.readFileSync(path.join(ROOT, p), "utf8");

function problemsOf(env: Record<string, string>): string[] {
  const r = checkEnv(env);
  return r.ok ? [] : r.problems;
}

describe("the environment schema", () => {
  it("accepts an empty environment (everything has a default)", () => {
    expect(checkEnv({})).toMatchObject({ ok: true });
  });

  it("accepts good values, an empty value as unset, and RUNNER_CONCURRENCY=0", () => {
    const r = checkEnv({
      PORT: "4300",
      RATE_LIMIT_PER_MINUTE: "1200",
      RUNNER_CONCURRENCY: "0",
      STORAGE_DRIVER: "S3",
      S3_BUCKET: "videos",
      S3_ENDPOINT: "",
      S3_FORCE_PATH_STYLE: "true",
      APP_URL: "https://videos.example.com",
      LOG_LEVEL: "debug",
      DATABASE_URL: "postgresql://u:p@db:5432/x",
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.env.RUNNER_CONCURRENCY).toBe(0);
    expect(r.env.RATE_LIMIT_PER_MINUTE).toBe(1200);
    expect(r.env.STORAGE_DRIVER).toBe("s3");
    expect(r.env.S3_ENDPOINT).toBeUndefined();
  });

  it("RATE_LIMIT_PER_MINUTE=abc is refused by name, with the value", () => {
    expect(problemsOf({ RATE_LIMIT_PER_MINUTE: "abc" })).toEqual([expect.stringMatching(/^RATE_LIMIT_PER_MINUTE .*"abc"/)]);
  });

  it("an unknown STORAGE_DRIVER is refused", () => {
    expect(problemsOf({ STORAGE_DRIVER: "gcs" })).toEqual([expect.stringMatching(/^STORAGE_DRIVER must be one of local, s3/)]);
  });

  it("the S3 driver without a bucket is refused, naming S3_BUCKET", () => {
    expect(problemsOf({ STORAGE_DRIVER: "s3" })).toEqual([expect.stringMatching(/^S3_BUCKET is required when STORAGE_DRIVER=s3/)]);
  });

  it("several bad values are all reported; secrets are not repeated", () => {
    const problems = problemsOf({ PORT: "0", RUNNER_CONCURRENCY: "-1", METRICS_TOKEN: "short", APP_URL: "ftp://x", LOG_LEVEL: "loud" });
    expect(problems.map((p) => p.split(" ")[0]).sort()).toEqual(["APP_URL", "LOG_LEVEL", "METRICS_TOKEN", "PORT", "RUNNER_CONCURRENCY"]);
    expect(problems.find((p) => p.startsWith("METRICS_TOKEN"))).not.toContain("short");
  });
});

/** Names assigned (commented out or not) in .env.example. */
function envExampleNames(): string[] {
  return [...read(".env.example").matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
}

/** Backticked upper-case names in the first column of README's configuration table. */
function readmeTableNames(): string[] {
  const readme = read("README.md");
  const start = readme.indexOf("## Configuration");
  expect(start).toBeGreaterThan(-1);
  const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
  const names: string[] = [];
  for (const line of section.split("\n")) {
    if (!line.startsWith("| `")) continue;
    const firstCell = line.split("|")[1]!;
    for (const m of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.push(m[1]!);
  }
  return names;
}

/** Every variable name the server's code reads from the environment. */
function namesReadInCode(): Set<string> {
  const files: string[] = [];
  const walk = (p: string) => {
    const full = path.join(ROOT, p);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) {
      for (const e of fs.readdirSync(full)) walk(path.join(p, e));
    } else if (/\.(ts|tsx|mjs|cjs|js)$/.test(p)) files.push(full);
  };
  for (const p of ["lib", "db", "app", "inngest", "server", "instrumentation.ts", "proxy.ts", "next.config.mjs", "scripts/start.mjs", "scripts/edge-guard.cjs"]) walk(p);
  const names = new Set<string>();
  const patterns = [
    /process\.env\.([A-Z][A-Z0-9_]*)/g,
    /process\.env\[["']([A-Z][A-Z0-9_]*)["']\]/g,
    /\benv\(\)\.([A-Z][A-Z0-9_]*)/g, // `env().DATA_DIR` (lib/env)
    /\b(?:env|e)\.([A-Z][A-Z0-9_]{2,})\b/g, // `const e = env(); e.S3_BUCKET`
    /\bsetting\(["']([A-Z][A-Z0-9_]*)["']\)/g, // lib/ai/provider.ts's setting("OPENAI_API_KEY")
    /modelVar\(["']([A-Z][A-Z0-9_]*)["']/g,
  ];
  for (const f of files) {
    const src = fs.readFileSync(f, "utf8");
    for (const re of patterns) for (const m of src.matchAll(re)) names.add(m[1]!);
  }
  return names;
}

describe("one list of variables", () => {
  it(".env.example lists exactly the schema's variables", () => {
    const names = envExampleNames();
    expect(names.length).toBeGreaterThan(10);
    expect(new Set(names).size, "a variable appears twice in .env.example").toBe(names.length);
    expect([...names].sort()).toEqual([...ENV_NAMES].sort());
  });

  it("README's configuration table names exactly the schema's variables", () => {
    const names = readmeTableNames();
    expect(names.length).toBeGreaterThan(10);
    expect([...new Set(names)].sort()).toEqual([...ENV_NAMES].sort());
  });

  it("every variable the server's code reads is in the schema (or is not configuration)", () => {
    const read = namesReadInCode();
    expect(read.size).toBeGreaterThan(20);
    const known = new Set<string>([...ENV_NAMES, ...NOT_CONFIGURATION]);
    expect([...read].filter((n) => !known.has(n)).sort()).toEqual([]);
    // The per-capability names are built from a template in lib/ai/provider.ts: the schema has each.
    for (const cap of ["CHAT", "VISION", "TRANSCRIBE", "EMBEDDING"]) {
      for (const part of ["MODEL", "BASE_URL", "API_KEY"]) expect(ENV_NAMES).toContain(`OPENAI_${cap}_${part}`);
    }
  });
});
