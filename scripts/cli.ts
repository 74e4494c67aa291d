// npm run cli -- <noun> <verb> [--flag value]: user and key administration for local mode.
// With DATABASE_URL it talks to the server directly; with the embedded database it goes through
// the running app's control socket when an app holds DATA_DIR, and opens it itself otherwise.
import { closeDb, dataDir, getDb } from "@/db/client";
import { lockHolder } from "@/db/data-dir-lock";
import { CLI_USAGE, CliError, runCliCommand, type CliArgs } from "@/lib/cli/commands";
import { sendControlCommand } from "@/server/control-socket";

function parse(argv: string[]): { verb: string; args: CliArgs } {
  const words: string[] = [];
  const args: CliArgs = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith("--")) {
      const [k, inline] = a.slice(2).split(/=(.*)/s, 2);
      if (inline !== undefined) args[k!] = inline;
      else if (i + 1 < argv.length && !argv[i + 1]!.startsWith("--")) args[k!] = argv[++i]!;
      else args[k!] = true;
    } else words.push(a);
  }
  return { verb: words.join(" "), args };
}

async function main() {
  const { verb, args } = parse(process.argv.slice(2));
  if (!verb || verb === "help" || args.help) {
    console.log(CLI_USAGE);
    return;
  }
  let result: unknown;
  const holder = process.env.DATABASE_URL ? null : lockHolder(dataDir());
  if (holder !== null) {
    result = await sendControlCommand(dataDir(), verb, args).catch((err) => {
      if (err instanceof CliError) throw err;
      throw new CliError(
        `The app (pid ${holder}) holds ${dataDir()} but its control socket did not answer (${(err as Error).message}). Stop it or retry once it has started.`,
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
}

main().catch((err) => {
  console.error(err instanceof CliError ? err.message : `Error: ${(err as Error).message}`);
  process.exit(1);
});
