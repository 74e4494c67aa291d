// npm start: build when the sources changed since the last build, then run `next start`.
// Migrations and the first local user happen inside the server at start-up (instrumentation.ts).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { watchAncestors } from "./parent-watch.mjs";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const SOURCES = ["app", "components", "hooks", "lib", "db", "inngest", "server", "public", "instrumentation.ts", "proxy.ts",
  "next.config.mjs", "postcss.config.mjs", "tsconfig.json", "tsconfig.build.json", "package-lock.json"];

function walk(p, out) {
  let st;
  try { st = fs.statSync(p); } catch { return; }
  if (st.isDirectory()) for (const e of fs.readdirSync(p).sort()) walk(path.join(p, e), out);
  else out.push(`${path.relative(root, p)}:${st.size}:${st.mtimeMs}`);
}

function fingerprint() {
  const entries = [];
  for (const s of SOURCES) walk(path.join(root, s), entries);
  // Public env is inlined into the browser bundle at build time.
  entries.push(`clerk:${process.env.NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY ?? ""}`);
  return crypto.createHash("sha256").update(entries.join("\n")).digest("hex");
}

// The child running now (the build, then the server): a stop signal, or the death of the process
// that started us, is passed on to it; one that does not stop in time is killed, so the whole tree
// is gone within 10 s whichever of its processes was told to stop (or died).
const STOP_DEADLINE_MS = 8_500;
let current = null;
let stopping = null;
function stop(sig, why) {
  if (stopping) return;
  stopping = sig;
  if (why) console.log(`[start] ${why}: stopping`);
  if (!current || current.exitCode !== null || current.signalCode !== null) process.exit(1);
  current.kill(sig);
  setTimeout(() => current.kill("SIGKILL"), STOP_DEADLINE_MS).unref();
}
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, () => stop(sig === "SIGHUP" ? "SIGTERM" : sig));
// npm forwards SIGTERM to its script shell only (sh -c, which does not exec us and dies of it),
// and a killed npm leaves that shell behind: watch the chain up to npm (scripts/parent-watch.mjs).
watchAncestors(() => stop("SIGTERM", "the process that started us exited"));

function run(args, env) {
  current = spawn(process.execPath, args, { cwd: root, stdio: "inherit", env });
  return new Promise((resolve) => current.once("exit", (code, signal) => resolve({ code, signal })));
}

// A bad setting stops here, before the build and before Next starts (which would print "Ready" and
// then stop, or reject a bad PORT with its own words): the schema's message, exit 78 (EX_CONFIG).
if (!process.argv.includes("--build-only")) {
  const { tsImport } = await import("tsx/esm/api");
  const { checkEnvOrExit } = await tsImport("../lib/env/check-env.ts", import.meta.url);
  checkEnvOrExit();
}

const stamp = path.join(root, ".next", "source-fingerprint");
// --no-build (the container image, built when the image was): serve that build, never rebuild.
const prebuilt = process.argv.includes("--no-build");
if (prebuilt && !fs.existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.error("[start] --no-build: no build in .next (run `node scripts/start.mjs --build-only` first)");
  process.exit(1);
}
const want = prebuilt ? "" : fingerprint();
const have = prebuilt ? "" : fs.existsSync(path.join(root, ".next", "BUILD_ID")) && fs.existsSync(stamp) ? fs.readFileSync(stamp, "utf8") : "";
if (have !== want) {
  console.log("Building the app (first start or sources changed)…");
  const t0 = Date.now();
  const r = await run([nextBin, "build"], process.env);
  if (stopping || r.code !== 0) process.exit(r.code || 1);
  fs.writeFileSync(stamp, want);
  console.log(`Built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
if (process.argv.includes("--build-only")) process.exit(0);

const port = process.env.PORT || "3000";
console.log(`Video Analysis: http://localhost:${port}  (data in ${path.resolve(process.env.DATA_DIR || "./data")})`);
// The server handles SIGTERM/SIGINT itself (instrumentation.ts: hand work back, then exit), and
// leaves by itself when this process dies (it watches VA_PARENT_PID, lib/server/shutdown.ts);
// scripts/edge-guard.cjs sees requests before Next.
const server = await run([...SERVER_NODE_FLAGS, "--require", path.join(root, "scripts", "edge-guard.cjs"), nextBin, "start", "-p", port], {
  ...process.env,
  NEXT_MANUAL_SIG_HANDLE: "1",
  VA_PARENT_PID: String(process.pid),
});
process.exit(server.code ?? (server.signal ? 1 : 0));
