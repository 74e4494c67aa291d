// What the app process does once at start-up: open and migrate the database, create the first
// local user on an empty instance, open the CLI's control socket, start the embedded runner
// (unless Inngest drives the pipeline), re-embed vectors of an earlier embedding model.
import { dataDir, getDbHandle } from "@/db/client";
import { countUsers } from "@/db/queries/users";
import { clerkConfig } from "@/lib/config";
import { createUserWithKey } from "@/lib/users/create-user-with-key";
import { activeEngine } from "@/lib/pipeline/engine";
import { startEmbeddedRunner } from "@/lib/pipeline/embedded-runner";
import { startReembedding } from "@/lib/search/reembed";
import { startControlSocket } from "./control-socket";

const state = ((globalThis as Record<string, unknown>).__vaBoot ??= {}) as { started?: Promise<void> };

export function boot(): Promise<void> {
  state.started ??= run();
  return state.started;
}

async function run(): Promise<void> {
  const t0 = Date.now();
  const handle = await getDbHandle();
  console.log(`[boot] database ready (${handle.kind}: ${handle.location}) in ${Date.now() - t0} ms`);
  if (handle.kind === "pglite") {
    await startControlSocket(dataDir(), async () => handle.db);
  }
  if (!clerkConfig() && (await countUsers(handle.db)) === 0) {
    const { user_id, api_key } = await createUserWithKey(handle.db, {
      email: "local@localhost",
      name: "Local user",
      keyName: "first start",
    });
    console.log(
      [
        "",
        "  First start: created the local user " + user_id,
        "  API key: " + api_key,
        "  (shown once; sign in with it in the browser, or send it as the Authorization header)",
        "",
      ].join("\n"),
    );
  }
  if (activeEngine() === "embedded") {
    const runner = startEmbeddedRunner(handle.db);
    console.log(`[boot] embedded job runner started (concurrency ${runner.concurrency})`);
  }
  // Vectors made by another embedding model than the configured one are re-embedded in the background.
  startReembedding(handle.db);
}
