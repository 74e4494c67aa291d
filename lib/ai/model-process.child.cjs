// A model host process, the child side (lib/ai/model-process.ts is the parent side): answers the
// parent's requests one at a time — the models' runtimes are not re-entrant and already spread one
// request over every core — and leaves when the parent goes away (its IPC channel closes), so a
// killed server leaves no model process behind.
// Plain CommonJS, loaded by path (never bundled).
"use strict";
const fs = require("node:fs");
const path = require("node:path");

/**
 * With VA_MODEL_PROFILE set to a folder (bench/pipeline sets it), each request's CPU time is added
 * up per operation and written, a second after a change and at exit, to
 * <folder>/<host name>-<pid>.json (tfjs-models, onnx-host): { op: { count, cpuMs } }. Off otherwise.
 */
function profiler() {
  const dir = process.env.VA_MODEL_PROFILE;
  if (!dir) return null;
  const name = path.basename(process.argv[1] || "model").replace(/\.child\.[cm]?js$/, "");
  const file = path.join(dir, `${name}-${process.pid}.json`);
  const totals = {};
  let timer = null;
  const flush = () => {
    timer = null;
    fs.writeFileSync(file, JSON.stringify(totals));
  };
  process.on("exit", flush);
  return (op, cpu0) => {
    const d = process.cpuUsage(cpu0);
    const t = (totals[op] ??= { count: 0, cpuMs: 0 });
    t.count++;
    t.cpuMs += (d.user + d.system) / 1000;
    timer ??= setTimeout(flush, 1000).unref();
  };
}

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
  const profile = profiler();
  process.on("message", (msg) => {
    queue = queue.then(async () => {
      const cpu0 = profile && process.cpuUsage();
      try {
        const handler = Object.hasOwn(handlers, msg.op) ? handlers[msg.op] : undefined;
        if (!handler) throw new Error(`unknown request ${msg.op}`);
        reply({ id: msg.id, ...(await handler(msg)) });
      } catch (err) {
        reply({ id: msg.id, error: String((err && err.message) || err) });
      } finally {
        if (profile) profile(msg.op, cpu0);
      }
    });
  });
  process.on("disconnect", () => process.exit(0));
  if (!process.connected) process.exit(0);
}

module.exports = { serve };
