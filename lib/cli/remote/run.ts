// The CLI's commands against a running server (over the typed client), and the exit code each
// outcome gets: 0 ok, 1 a request or a job failed, 2 a usage error.
import { ApiClientError } from "@/lib/client/typed-client";
import { FailedJob, processOutput, UsageError, type Output } from "./context";
import { runExport } from "./export";
import { runAsk, runSearch, runStatus } from "./queries";
import { runUpload } from "./upload";

export const REMOTE_COMMANDS: Record<string, (argv: string[], io: Output) => Promise<void>> = {
  upload: runUpload,
  status: runStatus,
  search: runSearch,
  ask: runAsk,
  export: runExport,
};

export const REMOTE_USAGE = `Against a running app (--url/--key, or VA_URL and VA_API_KEY):
  npm run cli -- upload <files…> [--modules m1,m2] [--project ID] [--watch]
  npm run cli -- status <job_id>
  npm run cli -- search "<query>" [--job JOB_ID …] [--limit N]
  npm run cli -- ask <job_id> "<question>"
  npm run cli -- export <job_id> --format json|csv|srt|vtt [--module M] [-o FILE]
Every command takes --json (one JSON document on stdout, whatever the outcome; an error is
{"detail", "status"}) and --help. Paths are relative to the directory you run it in.
Exit codes: 0 ok, 1 a request or a job failed, 2 usage error.`;

/**
 * An error as the CLI prints it with --json: the API's own shape, `status` being the HTTP status
 * of the server's answer, or 0 when no answer is behind it (a usage error, an unreachable server,
 * a local file).
 */
export function jsonError(detail: string, status = 0): string {
  return JSON.stringify({ detail, status }, null, 2);
}

/** Runs one remote command; resolves with the process's exit code (errors already printed). */
export async function runRemoteCommand(name: string, argv: string[], io: Output = processOutput): Promise<number> {
  // Known before parsing, so that a parse error is JSON too.
  const json = argv.includes("--json");
  const fail = (code: number, text: string, detail = text, status = 0): number => {
    if (json) io.out(jsonError(detail, status));
    else io.err(text);
    return code;
  };
  try {
    await REMOTE_COMMANDS[name]!(argv, io);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) return fail(2, err.message);
    // node:util parseArgs: an unknown option or a missing value.
    if ((err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) return fail(2, `${(err as Error).message}\nSee: npm run cli -- ${name} --help`, (err as Error).message);
    // The command printed its outcome (a document with the failed job) already.
    if (err instanceof FailedJob) {
      io.err(err.message);
      return 1;
    }
    if (err instanceof ApiClientError) return fail(1, err.status ? `Error ${err.status}: ${err.detail}` : `Error: ${err.detail}`, err.detail, err.status);
    return fail(1, `Error: ${(err as Error).message}`, (err as Error).message);
  }
}
