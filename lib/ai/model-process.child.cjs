// A model host process, the child side (lib/ai/model-process.ts is the parent side): answers the
// parent's requests one at a time — the models' runtimes are not re-entrant and already spread one
// request over every core — and leaves when the parent goes away (its IPC channel closes), so a
// killed server leaves no model process behind.
// Plain CommonJS, loaded by path (never bundled).
"use strict";

/**
 * Serves `handlers` (op → async (request) => result object) over the IPC channel:
 * { id, op, ...request } → { id, ...result } | { id, error }.
 * @param {Record<string, (msg: any) => Promise<object>>} handlers
 */
function serve(handlers) {
  const reply = (msg) => {
    // The parent may be gone already; the disconnect handler below ends this process then.
    if (process.connected) process.send(msg, () => undefined);
  };
  let queue = Promise.resolve();
  process.on("message", (msg) => {
    queue = queue.then(async () => {
      try {
        const handler = Object.hasOwn(handlers, msg.op) ? handlers[msg.op] : undefined;
        if (!handler) throw new Error(`unknown request ${msg.op}`);
        reply({ id: msg.id, ...(await handler(msg)) });
      } catch (err) {
        reply({ id: msg.id, error: String((err && err.message) || err) });
      }
    });
  });
  process.on("disconnect", () => process.exit(0));
  if (!process.connected) process.exit(0);
}

module.exports = { serve };
