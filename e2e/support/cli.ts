// Users for the specs, made the way an operator makes them: `npm run cli -- user create`, which
// reaches the running server's database through its control socket.
import { execFileSync } from "node:child_process";

export interface CreatedUser {
  user_id: string;
  api_key: string;
  email: string;
  name: string;
}

export function createUser(opts: { email: string; name: string }): CreatedUser {
  const stdout = execFileSync(
    "npm",
    ["run", "-s", "cli", "--", "user", "create", "--email", opts.email, "--name", opts.name],
    {
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: "" },
      encoding: "utf8",
      timeout: 60_000,
    },
  );
  const line = stdout.trim().split("\n").pop() ?? "";
  const parsed = JSON.parse(line) as { user_id: string; api_key: string };
  return { ...parsed, ...opts };
}

/** An email no other test (or earlier run) uses. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}
