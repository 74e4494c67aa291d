// Next calls register() once when the server process starts. A boot that keeps failing exits
// the process with a message instead of leaving a server that answers 500 to everything.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { bootOrExit } = await import("./server/boot");
  const { installShutdownHandlers } = await import("./server/shutdown");
  installShutdownHandlers();
  await bootOrExit();
}
