// The CLI's verbs, run against a database handle. The same function serves the CLI when it opens
// the database itself and the running app when the CLI asks it over the control socket.
import type { Db } from "@/db/client";
import { getUserById, listUsersWithProfiles } from "@/db/queries/users";
import { createApiKey } from "@/lib/auth/api-keys";
import { createUserWithKey } from "@/lib/users/create-user-with-key";
import { isoTime } from "@/lib/core/iso-time";

export class CliError extends Error {}

export type CliArgs = Record<string, string | true>;

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export const CLI_USAGE = `Usage:
  npm run cli -- user create --email EMAIL [--name NAME]   create a user; prints {"user_id","api_key"}
  npm run cli -- user list                                 list users
  npm run cli -- key create --user-id ID [--name NAME]     create another API key for a user`;

function str(args: CliArgs, name: string): string | undefined {
  const v = args[name];
  if (v === true) throw new CliError(`--${name} needs a value`);
  return v;
}

export async function runCliCommand(db: Db, verb: string, args: CliArgs): Promise<unknown> {
  switch (verb) {
    case "user create": {
      const email = str(args, "email");
      if (!email || !EMAIL.test(email)) throw new CliError("user create needs --email with a valid address");
      const name = str(args, "name");
      if (name && name.length > 255) throw new CliError("--name must be at most 255 characters");
      const { user_id, api_key } = await createUserWithKey(db, { email, name });
      return { user_id, api_key };
    }
    case "user list":
      return (await listUsersWithProfiles(db)).map((u) => ({
        user_id: u.userId,
        email: u.email,
        name: u.fullName,
        clerk_user_id: u.clerkUserId,
        created_at: isoTime(u.createdAt),
      }));
    case "key create": {
      const userId = str(args, "user-id");
      if (!userId || !/^[0-9a-f-]{36}$/i.test(userId)) throw new CliError("key create needs --user-id with a user id");
      if (!(await getUserById(db, userId))) throw new CliError(`No user ${userId}`);
      const { rawKey, row } = await createApiKey(db, { userId, name: str(args, "name") ?? "cli" });
      return { user_id: userId, key_id: row.id, api_key: rawKey };
    }
    default:
      throw new CliError(`Unknown command "${verb}".\n${CLI_USAGE}`);
  }
}
