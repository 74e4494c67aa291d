// What every command that talks to a running server shares: the typed client (--url/--key or
// VA_URL/VA_API_KEY), --json, and the two ways a command ends badly: a usage error (exit 2) or a
// failed request or job (exit 1).
import path from "node:path";
import { createApiClient, type ApiClient } from "@/lib/client/typed-client";
import { env } from "@/lib/env";

export class UsageError extends Error {}
/** A failed job (the request itself went fine): exit 1 after the output is printed. */
export class FailedJob extends Error {}

export const COMMON_OPTIONS = {
  url: { type: "string" },
  key: { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

export const COMMON_HELP = `Common options:
  --url URL     the app's address (default: $VA_URL, else http://localhost:3000)
  --key KEY     an API key (default: $VA_API_KEY)
  --json        machine-readable output: one JSON document on stdout, whatever
                the outcome (an error is {"detail", "status"}, with the same exit code)
  -h, --help    this help
Exit codes: 0 ok, 1 a request or a job failed, 2 usage error.`;

export interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
  /** stderr is a terminal: progress bars may redraw in place. */
  isTTY: boolean;
}

export const processOutput: Output = {
  out: (t) => void process.stdout.write(t.endsWith("\n") ? t : `${t}\n`),
  err: (t) => void process.stderr.write(t.endsWith("\n") ? t : `${t}\n`),
  isTTY: !!process.stderr.isTTY,
};

export interface RemoteContext {
  api: ApiClient;
  url: string;
  json: boolean;
  io: Output;
}

export function remoteContext(values: { url?: string; key?: string; json?: boolean }, io: Output = processOutput): RemoteContext {
  const url = (values.url ?? env().VA_URL ?? "http://localhost:3000").replace(/\/+$/, "");
  if (!/^https?:\/\/[^/]+/.test(url)) throw new UsageError(`--url must be an http(s) address, not "${url}"`);
  const key = values.key ?? env().VA_API_KEY;
  if (!key) throw new UsageError("An API key is needed: --key KEY or VA_API_KEY (npm run cli -- key create … makes one)");
  return { api: createApiClient({ origin: url, authorization: () => key }), url, json: !!values.json, io };
}

export function printJson(ctx: RemoteContext, value: unknown): void {
  ctx.io.out(JSON.stringify(value, null, 2));
}

/**
 * A path the user typed, resolved against the directory they typed it in: npm runs scripts in the
 * package's directory and names the caller's in INIT_CWD (`npm --prefix … run cli` from anywhere).
 */
export function userPath(p: string): string {
  return path.resolve(env().INIT_CWD || process.cwd(), p);
}

/** A command's --help: the text, or with --json `{"help": text}`. */
export function printHelp(values: { json?: boolean }, io: Output, text: string): void {
  io.out(values.json ? JSON.stringify({ help: text }, null, 2) : text);
}
