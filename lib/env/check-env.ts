// The start-up check of the environment against lib/env/schema.ts: a bad value stops the process
// with one line per variable (its name, what is wrong, and the value unless it is a secret).
import { envSchema, type Env } from "./schema";

/** Values never repeated in a message: keys, secrets, tokens, and URLs that may hold a password. */
const SECRET_NAME = /KEY|SECRET|TOKEN|PASSWORD|DATABASE_URL/;

export type EnvCheck = { ok: true; env: Env } | { ok: false; problems: string[] };

export function checkEnv(source: Record<string, string | undefined> = process.env): EnvCheck {
  const result = envSchema.safeParse(source);
  if (result.success) return { ok: true, env: result.data };
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? "environment");
    const raw = source[name];
    const shown = raw === undefined || SECRET_NAME.test(name) ? "" : ` (got ${JSON.stringify(raw)})`;
    return `${name} ${issue.message}${shown}`;
  });
  return { ok: false, problems };
}

export function describeProblems(problems: string[]): string {
  return ["", "  The app cannot start: its configuration is invalid.", ...problems.map((p) => `    ${p}`), "  (README.md, \"Configuration\", lists every variable.)", ""].join("\n");
}

/** Checks process.env; on a bad value writes the reasons to stderr and exits with status 78 (EX_CONFIG). */
export function checkEnvOrExit(): Env {
  const check = checkEnv();
  if (check.ok) return check.env;
  process.stderr.write(describeProblems(check.problems) + "\n");
  process.exit(78);
}
