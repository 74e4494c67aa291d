// The configuration the app reads (env() in lib/env/index.ts): the validated environment with every
// default applied here, once, and the few values the code needs in another shape (a list, a flag, a
// number of proxies). A variable without a default stays `undefined` when unset.
import os from "node:os";
import path from "node:path";
import type { Env } from "./schema";

const YES = /^(1|true|yes)$/i;
const NO = /^(0|false|off|no)$/i;

/** TRUST_PROXY: how many proxies in front of the app append to X-Forwarded-For (0: trust none). */
function proxyHops(v: string | undefined): number {
  const s = (v ?? "").toLowerCase();
  if (s === "true" || s === "yes") return 1;
  const n = Number(s);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

function commaList(v: string | undefined): string[] | undefined {
  const items = (v ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
}

export function applyDefaults(e: Env) {
  // The browser's key is read where Next inlines it at build time: lib/env/public.ts.
  const { NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY: _inlinedAtBuild, ...rest } = e;
  const PORT = e.PORT ?? 3000;
  const pid = Number(e.VA_PARENT_PID);
  return {
    ...rest,
    PORT,
    DATA_DIR: path.resolve(/*turbopackIgnore: true*/ e.DATA_DIR ?? "./data"),
    APP_URL: (e.APP_URL ?? `http://localhost:${PORT}`).replace(/\/+$/, ""),
    LOG_LEVEL: e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info"),
    TRUST_PROXY: proxyHops(e.TRUST_PROXY),
    RATE_LIMIT_PER_MINUTE: e.RATE_LIMIT_PER_MINUTE ?? 600,
    STORAGE_DRIVER: e.STORAGE_DRIVER ?? "local",
    STORAGE_PUBLIC_URL: e.STORAGE_PUBLIC_URL?.replace(/\/+$/, "") || undefined,
    S3_REGION: e.S3_REGION ?? e.AWS_REGION ?? "us-east-1",
    S3_FORCE_PATH_STYLE: YES.test(e.S3_FORCE_PATH_STYLE ?? ""),
    // A PEM pasted into an env file often carries literal "\n": turn them back into newlines.
    CLERK_JWT_KEY: e.CLERK_JWT_KEY?.replace(/\\n/g, "\n"),
    CLERK_AUTHORIZED_PARTIES: commaList(e.CLERK_AUTHORIZED_PARTIES),
    OPENAI_TRANSCRIBE_CHUNK_SECONDS: e.OPENAI_TRANSCRIBE_CHUNK_SECONDS ?? 600,
    FFMPEG_PATH: e.FFMPEG_PATH ?? "ffmpeg",
    FFPROBE_PATH: e.FFPROBE_PATH ?? "ffprobe",
    POCKETSPHINX_PATH: e.POCKETSPHINX_PATH ?? "pocketsphinx_continuous",
    POCKETSPHINX_MODEL_DIR: e.POCKETSPHINX_MODEL_DIR ?? "/usr/share/pocketsphinx/model/en-us",
    FACE_GROUPING: !NO.test(e.FACE_GROUPING ?? ""),
    // Unset: half the cores, at least 1; 0 means no runs in this process (a web-only process).
    RUNNER_CONCURRENCY: e.RUNNER_CONCURRENCY ?? Math.max(1, Math.floor(os.availableParallelism() / 2)),
    // A long video's chunk length (lib/pipeline/chunks/settings.ts): unset 60 s; 0 never splits.
    CHUNK_SECONDS: e.CHUNK_SECONDS ?? 60,
    WEBHOOK_ALLOW_PRIVATE_URLS: YES.test(e.WEBHOOK_ALLOW_PRIVATE_URLS ?? ""),
    IMPORT_ALLOW_PRIVATE_URLS: YES.test(e.IMPORT_ALLOW_PRIVATE_URLS ?? ""),
    VA_PARENT_PID: pid > 0 ? pid : undefined,
  };
}

export type Config = Readonly<ReturnType<typeof applyDefaults>>;
