// Configuration read once (lib/env): env() parses the environment with the schema and applies the
// defaults in one place; every module reads env().<NAME>, and eslint refuses process.env elsewhere.
import { ESLint } from "eslint";
import { describe, expect, it, vi } from "vitest";
import { checkEnv } from "@/lib/env/check-env";
import { applyDefaults } from "@/lib/env/defaults";
import { env, resetEnv } from "@/lib/env";

function configOf(source: Record<string, string>) {
  const r = checkEnv(source);
  if (!r.ok) throw new Error(r.problems.join("\n"));
  return applyDefaults(r.env);
}

describe("env()", () => {
  it("is read once: the same object until the environment is read again", () => {
    const first = env();
    expect(env()).toBe(first);
    resetEnv();
    expect(env()).not.toBe(first);
    expect(Object.isFrozen(env())).toBe(true);
  });

  it("sees a change a test makes to process.env (tests/helpers/reread-env.ts resets it)", () => {
    vi.stubEnv("RATE_LIMIT_PER_MINUTE", "1234");
    expect(env().RATE_LIMIT_PER_MINUTE).toBe(1234);
    process.env.RATE_LIMIT_PER_MINUTE = "4321";
    expect(env().RATE_LIMIT_PER_MINUTE).toBe(4321);
    vi.unstubAllEnvs();
  });

  it("an invalid value throws the start-up message, naming the variable", () => {
    vi.stubEnv("STORAGE_DRIVER", "gcs");
    expect(() => env()).toThrow(/The app cannot start: its configuration is invalid\.[\s\S]*STORAGE_DRIVER must be one of local, s3/);
    vi.unstubAllEnvs();
  });
});

describe("the defaults, applied once", () => {
  it("an empty environment", () => {
    const c = configOf({});
    expect(c).toMatchObject({
      PORT: 3000,
      APP_URL: "http://localhost:3000",
      RATE_LIMIT_PER_MINUTE: 600,
      STORAGE_DRIVER: "local",
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: false,
      TRUST_PROXY: 0,
      FFMPEG_PATH: "ffmpeg",
      FACE_GROUPING: true,
      OPENAI_TRANSCRIBE_CHUNK_SECONDS: 600,
      WEBHOOK_ALLOW_PRIVATE_URLS: false,
      IMPORT_ALLOW_PRIVATE_URLS: false,
    });
    expect(c.DATA_DIR).toBe(`${process.cwd()}/data`);
    expect(c.RUNNER_CONCURRENCY).toBeGreaterThanOrEqual(1);
    expect(c.DATABASE_URL).toBeUndefined();
    expect("NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY" in c).toBe(false);
  });

  it("values in the shape the code uses", () => {
    const c = configOf({
      PORT: "4300",
      DATA_DIR: "/srv/va/",
      STORAGE_PUBLIC_URL: "https://cdn.example.com//",
      AWS_REGION: "eu-west-1",
      TRUST_PROXY: "yes",
      CLERK_JWT_KEY: "-----BEGIN PUBLIC KEY-----\\nabc\\n-----END PUBLIC KEY-----",
      CLERK_AUTHORIZED_PARTIES: " https://a.example.com, ,https://b.example.com",
      FACE_GROUPING: "off",
      RUNNER_CONCURRENCY: "0",
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      LOG_LEVEL: "DEBUG",
    });
    expect(c).toMatchObject({
      APP_URL: "http://localhost:4300",
      DATA_DIR: "/srv/va",
      STORAGE_PUBLIC_URL: "https://cdn.example.com",
      S3_REGION: "eu-west-1",
      TRUST_PROXY: 1,
      CLERK_JWT_KEY: "-----BEGIN PUBLIC KEY-----\nabc\n-----END PUBLIC KEY-----",
      CLERK_AUTHORIZED_PARTIES: ["https://a.example.com", "https://b.example.com"],
      FACE_GROUPING: false,
      RUNNER_CONCURRENCY: 0,
      WEBHOOK_ALLOW_PRIVATE_URLS: true,
      LOG_LEVEL: "debug",
    });
  });
});

describe("process.env outside lib/env", () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const ruleIds = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath }))[0]!.messages.map((m) => m.ruleId);

  it("is an eslint error in the app's code, read or imported", async () => {
    expect(await ruleIds("lib/storage/scratch.ts", "export const dir = process.env.DATA_DIR;\n")).toContain("no-restricted-properties");
    expect(await ruleIds("components/scratch.tsx", 'import { env } from "node:process";\nexport const dir = env.DATA_DIR;\n')).toContain("no-restricted-imports");
  });

  it("is allowed in lib/env and the entry points", async () => {
    for (const file of ["lib/env/scratch.ts", "scripts/scratch.ts", "tests/unit/scratch.ts", "bench/scratch.ts"]) {
      expect(await ruleIds(file, "export const dir = process.env.DATA_DIR;\n"), file).not.toContain("no-restricted-properties");
    }
  });
});
