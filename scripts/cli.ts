// npm run cli -- <command> …: the main job against a running app (upload, status, search, ask,
// export: lib/cli/remote, over the typed client) and user/key administration for local mode.
// Administration talks to the database itself: with DATABASE_URL directly; with the embedded
// database through the running app's control socket when an app holds DATA_DIR, else by opening it.
// With --json every outcome is one JSON document on stdout (lib/cli/remote/run.ts: jsonError).
import { jsonError, REMOTE_COMMANDS, REMOTE_USAGE, runRemoteCommand } from "@/lib/cli/remote/run";
import { item } from "@/lib/core/item";

const ADMIN_VERBS = ["user create", "user list", "key create"];

function parseAdmin(argv: string[]): { verb: string; args: Record<string, string | true> } {
  const words: string[] = [];
  const args: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = item(argv, i);
    if (a === "-h") args.help = true;
    else if (a.startsWith("--")) {
      const [k, inline] = a.slice(2).split(/=(.*)/s, 2);
      if (inline !== undefined) args[k!] = inline;
      else if (i + 1 < argv.length && !item(argv, i + 1).startsWith("--")) args[k!] = item(argv, ++i);
      else args[k!] = true;
    } else words.push(a);
  }
  return { verb: words.join(" "), args };
}

async function runAdmin(argv: string[]): Promise<number> {
  const { CLI_USAGE, CliError, runCliCommand } = await import("@/lib/cli/commands");
  const { verb, args } = parseAdmin(argv);
  const fail = (code: number, text: string, detail = text): number => {
    if (args.json) console.log(jsonError(detail));
    else console.error(text);
    return code;
  };
  if (args.help) {
    console.log(args.json ? JSON.stringify({ help: CLI_USAGE }, null, 2) : CLI_USAGE);
    return 0;
  }
  if (!ADMIN_VERBS.includes(verb)) return fail(2, `Unknown command "${verb}".\n${CLI_USAGE}`, `Unknown command "${verb}"; see npm run cli -- --help`);
  const { closeDb, getDb } = await import("@/db/client");
  const { env } = await import("@/lib/env");
  const { lockHolder } = await import("@/db/data-dir-lock");
  const { sendControlCommand } = await import("@/server/control-socket");
  try {
    let result: unknown;
    const holder = env().DATABASE_URL ? null : lockHolder(env().DATA_DIR);
    if (holder !== null) {
      result = await sendControlCommand(env().DATA_DIR, verb, args).catch((err) => {
        if (err instanceof CliError) throw err;
        throw new CliError(
          `The app (pid ${holder}) holds ${env().DATA_DIR} but its control socket did not answer (${(err as Error).message}). Stop it or retry once it has started.`,
        );
      });
    } else {
      try {
        result = await runCliCommand(await getDb(), verb, args);
      } finally {
        await closeDb();
      }
    }
    console.log(JSON.stringify(result, null, verb === "user list" ? 2 : undefined));
    return 0;
  } catch (err) {
    return fail(1, err instanceof CliError ? err.message : `Error: ${(err as Error).message}`, (err as Error).message);
  }
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const [command, ...rest] = argv;
  // No command (nothing, or options only: `--json`, `--help`): the main commands' help.
  if (!command || command === "help" || command.startsWith("-")) {
    const { CLI_USAGE } = await import("@/lib/cli/commands");
    const { BACKUP_USAGE } = await import("@/lib/cli/backup");
    const usage = `${REMOTE_USAGE}\n\nAdministration (local mode):\n${CLI_USAGE.replace(/^Usage:\n/, "")}\n${BACKUP_USAGE}`;
    console.log(argv.includes("--json") ? JSON.stringify({ help: usage }, null, 2) : usage);
    return 0;
  }
  if (command in REMOTE_COMMANDS) return runRemoteCommand(command, rest);
  if (command === "backup" || command === "restore") return (await import("@/lib/cli/backup")).runBackupCommand(command, rest);
  return runAdmin(argv);
}

main().then(
  (code) => (process.exitCode = code),
  (err) => {
    if (process.argv.includes("--json")) console.log(jsonError((err as Error).message));
    else console.error(`Error: ${(err as Error).message}`);
    process.exitCode = 1;
  },
);
