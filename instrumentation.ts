// Next calls register() once when the server process starts. A bad configuration value stops it
// at once with the variable's name (lib/env); a boot that keeps failing exits the process with a
// message instead of leaving a server that answers 500 to everything.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { checkEnvOrExit } = await import("./lib/env/check-env");
  checkEnvOrExit();
  const { bootOrExit } = await import("./server/boot");
  const { installShutdownHandlers } = await import("./server/shutdown");
  installShutdownHandlers();
  await bootOrExit();
}
