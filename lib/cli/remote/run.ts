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
Every command takes --json (machine-readable output) and --help.
Exit codes: 0 ok, 1 a request or a job failed, 2 usage error.`;

/** Runs one remote command; resolves with the process's exit code (errors already printed). */
export async function runRemoteCommand(name: string, argv: string[], io: Output = processOutput): Promise<number> {
  try {
    await REMOTE_COMMANDS[name]!(argv, io);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(err.message);
      return 2;
    }
    // node:util parseArgs: an unknown option or a missing value.
    if ((err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      io.err(`${(err as Error).message}\nSee: npm run cli -- ${name} --help`);
      return 2;
    }
    if (err instanceof FailedJob) {
      io.err(err.message);
      return 1;
    }
    if (err instanceof ApiClientError) {
      io.err(err.status ? `Error ${err.status}: ${err.detail}` : `Error: ${err.detail}`);
      return 1;
    }
    io.err(`Error: ${(err as Error).message}`);
    return 1;
  }
}
