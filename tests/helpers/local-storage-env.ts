// The environment of a test file on the local storage driver, set before the app's modules load:
//   const DATA_DIR = await vi.hoisted(async () => (await import("../helpers/local-storage-env")).localStorageEnv("storage"));
// (vi.hoisted runs before the file's imports; it can reach this module only by a dynamic import.)
// Its own DATA_DIR, the local driver, absolute URLs on http://localhost, no APP_SECRET (a random one
// per process) and no STORAGE_PUBLIC_URL. Imports nothing of the app.

/** Sets the environment and returns the file's DATA_DIR (`va-<name>-test-…` under TMPDIR). */
export function localStorageEnv(name: string): string {
  const dir = `${process.env.TMPDIR || "/tmp"}/va-${name}-test-${process.pid}-${Date.now()}`;
  process.env.DATA_DIR = dir;
  process.env.STORAGE_DRIVER = "local";
  process.env.APP_URL = "http://localhost";
  delete process.env.APP_SECRET;
  delete process.env.STORAGE_PUBLIC_URL;
  return dir;
}
