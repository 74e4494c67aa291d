import path from "node:path";
import { defineConfig } from "vitest/config";

// Every suite runs on a fresh in-memory PGlite per file (started from one migrated copy made once per
// run). With TEST_DATABASE_URL set (CI), the database-facing suites run a second time against that
// PostgreSQL server (a scratch database per file).
const root = path.dirname(new URL(import.meta.url).pathname);
const dbSuites = ["tests/api/**/*.test.ts", "tests/db/**/*.test.ts"];
// Suites whose subject is files, ffmpeg, models, rendering or request parsing rather than SQL run
// once, on PGlite.
const notDbFacing = [
  "tests/api/storage*.test.ts",
  "tests/api/modules-*.test.ts",
  "tests/api/openapi.test.ts",
  "tests/api/guard-robustness.test.ts",
  "tests/api/storyboard.test.ts",
  "tests/api/playback.test.ts",
  "tests/api/decode-stills.test.ts",
  "tests/api/captions.test.ts",
  "tests/api/chat-stream.test.ts",
  "tests/api/inngest.test.ts",
  "tests/api/keyframe-read-ahead.test.ts",
  "tests/api/roles.test.ts",
  // Derived files, faces and people, damaged media, chapters, an S3 outage, the MCP and typed
  // clients: what they check happens in files, models and HTTP; their SQL is the plain reads and
  // writes the suites above run on the server too (about 170 s of CI's 2 cores saved).
  "tests/api/derived-files*.test.ts",
  "tests/api/people*.test.ts",
  "tests/api/face-tracks.test.ts",
  "tests/api/damaged-files.test.ts",
  "tests/api/chapters.test.ts",
  "tests/api/runner-outage-s3.test.ts",
  "tests/api/mcp.test.ts",
  "tests/api/typed-client.test.ts",
];

export default defineConfig({
  // `server-only` marks server modules for Next's build; outside Next it resolves to its throwing
  // entry unless the `react-server` condition is set, so tests use its empty entry.
  resolve: { alias: { "@": root, "server-only": path.join(root, "node_modules/server-only/empty.js") } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Vitest's default on a 2-core machine is one worker; most files wait on ffmpeg, a PostgreSQL
    // server or the embedded runner, so two at a time keep both cores busy.
    maxWorkers: 2,
    env: { NODE_ENV: "test", NEXT_TELEMETRY_DISABLED: "1" },
    // The app reads its configuration once: tests that change the environment make it read again.
    setupFiles: ["tests/helpers/reread-env.ts"],
    projects: [
      // tests/crash runs the real server as child processes, and so does tests/cli: their own config (vitest.crash.config.mts).
      {
        extends: true,
        test: {
          name: "pglite",
          include: ["tests/**/*.test.ts"],
          exclude: ["tests/crash/**", "tests/cli/**"],
          // Each file's in-memory database starts from one migrated copy made here.
          globalSetup: ["tests/helpers/pglite-template.ts"],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [{ extends: true, test: { name: "postgres", include: dbSuites, exclude: notDbFacing, env: { TEST_DB: "postgres" } } }]
        : []),
    ],
  },
});
