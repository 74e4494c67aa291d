// Every environment variable the server reads, in one zod schema. Start-up checks it
// (lib/env/check-env.ts) so a wrong value stops the process with the variable's name instead of
// turning into a silent default; the app reads the parsed result through env() (lib/env/index.ts),
// with the defaults of lib/env/defaults.ts. This file decides what a valid value is.
// `.env.example` and README's configuration table list exactly these names (tests/unit/env-schema.test.ts).
import { z } from "zod";

/** A set variable's trimmed text; empty (`S3_ENDPOINT=` in an env file) counts as unset. */
const blankIsUnset = (v: unknown) => (typeof v === "string" ? (v.trim() === "" ? undefined : v.trim()) : v);
const optional = <T extends z.ZodType>(inner: T) => z.preprocess(blankIsUnset, inner.optional());

const text = () => optional(z.string());

const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  optional(
    z
      .string()
      .regex(/^\d+$/, `must be a whole number${min > 0 ? ` ≥ ${min}` : " (0 or more)"}`)
      .transform(Number)
      .pipe(z.number().min(min, `must be ≥ ${min}`).max(max, `must be ≤ ${max}`)),
  );

const positiveSeconds = () =>
  optional(
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, "must be a number of seconds > 0")
      .transform(Number)
      .pipe(z.number().positive("must be a number of seconds > 0")),
  );

const url = () => optional(z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }));

const oneOf = <T extends string>(values: readonly [T, ...T[]]) =>
  optional(
    z
      .string()
      .transform((s) => s.toLowerCase())
      .pipe(z.enum(values, { error: `must be one of ${values.join(", ")}` })),
  );

const flag = () => oneOf(["1", "0", "true", "false", "yes", "no"] as const);

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export const envShape = {
  // Server
  PORT: wholeNumber(1, 65535),
  DATA_DIR: text(),
  APP_URL: url(),
  APP_SECRET: optional(z.string().min(16, "must be at least 16 characters")),
  LOG_LEVEL: oneOf(LOG_LEVELS),
  METRICS_TOKEN: optional(z.string().min(16, "must be at least 16 characters")),
  TRUST_PROXY: optional(
    z.string().regex(/^(\d+|true|false|yes|no)$/i, "must be a number of proxies, true or false"),
  ),
  REQUEST_BODY_TIMEOUT_SECONDS: positiveSeconds(),
  RATE_LIMIT_PER_MINUTE: wholeNumber(1),
  // Database
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")),
  // Storage
  STORAGE_DRIVER: oneOf(["local", "s3"] as const),
  STORAGE_PUBLIC_URL: url(),
  S3_BUCKET: text(),
  S3_REGION: text(),
  S3_ENDPOINT: url(),
  S3_FORCE_PATH_STYLE: flag(),
  AWS_REGION: text(),
  AWS_ACCESS_KEY_ID: text(),
  AWS_SECRET_ACCESS_KEY: text(),
  AWS_SESSION_TOKEN: text(),
  AWS_PROFILE: text(),
  // Clerk
  CLERK_SECRET_KEY: text(),
  NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: text(),
  CLERK_JWT_KEY: optional(z.string().includes("BEGIN PUBLIC KEY", { error: "must be a PEM public key" })),
  CLERK_API_URL: url(),
  CLERK_AUTHORIZED_PARTIES: text(),
  // An OpenAI-compatible model endpoint, shared and per capability
  OPENAI_API_KEY: text(),
  OPENAI_BASE_URL: url(),
  OPENAI_CHAT_MODEL: text(),
  OPENAI_VISION_MODEL: text(),
  OPENAI_TRANSCRIBE_MODEL: text(),
  OPENAI_EMBEDDING_MODEL: text(),
  OPENAI_CHAT_BASE_URL: url(),
  OPENAI_VISION_BASE_URL: url(),
  OPENAI_TRANSCRIBE_BASE_URL: url(),
  OPENAI_EMBEDDING_BASE_URL: url(),
  OPENAI_CHAT_API_KEY: text(),
  OPENAI_VISION_API_KEY: text(),
  OPENAI_TRANSCRIBE_API_KEY: text(),
  OPENAI_EMBEDDING_API_KEY: text(),
  OPENAI_TRANSCRIBE_CHUNK_SECONDS: positiveSeconds(),
  // Offline analysis tools
  FFMPEG_PATH: text(),
  FFPROBE_PATH: text(),
  POCKETSPHINX_PATH: text(),
  POCKETSPHINX_MODEL_DIR: text(),
  VISUAL_READ_BUDGET_SECONDS: positiveSeconds(),
  FACE_GROUPING: oneOf(["1", "0", "true", "false", "yes", "no", "on", "off"] as const),
  // Jobs
  RUNNER_CONCURRENCY: wholeNumber(0),
  CHUNK_SECONDS: wholeNumber(0),
  INNGEST_EVENT_KEY: text(),
  INNGEST_SIGNING_KEY: text(),
  INNGEST_DEV: text(),
  INNGEST_BASE_URL: url(),
  // Webhooks
  WEBHOOK_ALLOW_PRIVATE_URLS: flag(),
  // Imports from URLs
  IMPORT_ALLOW_PRIVATE_URLS: flag(),
} as const;

export type EnvName = keyof typeof envShape;
export const ENV_NAMES = Object.keys(envShape) as EnvName[];

/**
 * Variables the code reads that are not configuration: set by Next, by `npm start` for its child,
 * by the app for its model processes, or read only by scripts and examples that are not the server.
 */
export const NOT_CONFIGURATION = [
  "NODE_ENV",
  "NEXT_RUNTIME",
  "NEXT_TELEMETRY_DISABLED",
  "NEXT_MANUAL_SIG_HANDLE",
  "VA_PARENT_PID",
  "VA_MODELS_ROOT",
  "WEBHOOK_SECRET",
  "SHOTS_ONLY",
  "SKIP_E2E",
  // npm test only: the browser suite runs on the Node in this directory (CI's Node 22, scripts/ci/install-node22.sh).
  "E2E_NODE_DIR",
  // The CLI's remote mode and the MCP server are clients of a running app, not the server.
  "VA_URL",
  "VA_API_KEY",
  // npm sets it to the directory `npm run cli` was called from: the CLI resolves the user's paths against it.
  "INIT_CWD",
  // bench/quality/labels.ts only: a second object detector measured there and not taken (its README).
  "VA_NANODET_MODEL",
  // bench/pipeline only: the model processes add up their CPU per request kind into this folder.
  "VA_MODEL_PROFILE",
] as const;

/**
 * The variables of NOT_CONFIGURATION that the app's own code reads (through env() like the rest):
 * never refused, and not in README's table.
 */
export const processShape = {
  NODE_ENV: text(),
  // `npm start` names itself here: its child exits when it dies (server/shutdown.ts).
  VA_PARENT_PID: text(),
  VA_URL: text(),
  VA_API_KEY: text(),
  INIT_CWD: text(),
} as const satisfies Partial<Record<(typeof NOT_CONFIGURATION)[number], z.ZodType>>;

export const envSchema = z.object({ ...envShape, ...processShape }).superRefine((env, ctx) => {
  if (env.STORAGE_DRIVER === "s3" && !env.S3_BUCKET) {
    ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when STORAGE_DRIVER=s3" });
  }
  if (env.INNGEST_EVENT_KEY && !env.INNGEST_DEV && !env.INNGEST_SIGNING_KEY) {
    ctx.addIssue({ code: "custom", path: ["INNGEST_SIGNING_KEY"], message: "is required with INNGEST_EVENT_KEY (unless INNGEST_DEV is set)" });
  }
});

export type Env = z.output<typeof envSchema>;
