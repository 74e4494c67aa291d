// The environment handed to a child process the app starts: this process's own, plus `extra`.
export function childProcessEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
