// npm start: build when the sources changed since the last build, then run `next start`.
// Migrations and the first local user happen inside the server at start-up (instrumentation.ts).
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";

process.env.NEXT_TELEMETRY_DISABLED = "1";
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const SOURCES = ["app", "components", "hooks", "lib", "db", "inngest", "public", "instrumentation.ts", "proxy.ts",
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

const stamp = path.join(root, ".next", "source-fingerprint");
const want = fingerprint();
const have = fs.existsSync(path.join(root, ".next", "BUILD_ID")) && fs.existsSync(stamp) ? fs.readFileSync(stamp, "utf8") : "";
if (have !== want) {
  console.log("Building the app (first start or sources changed)…");
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
  fs.writeFileSync(stamp, want);
  console.log(`Built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
if (process.argv.includes("--build-only")) process.exit(0);

const port = process.env.PORT || "3000";
console.log(`Video Analysis: http://localhost:${port}  (data in ${path.resolve(process.env.DATA_DIR || "./data")})`);
// The server handles SIGTERM/SIGINT itself (instrumentation.ts: hand work back, then exit), and
// leaves by itself when this process dies; scripts/edge-guard.cjs sees requests before Next.
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--require", path.join(root, "scripts", "edge-guard.cjs"), nextBin, "start", "-p", port], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, NEXT_MANUAL_SIG_HANDLE: "1", VA_PARENT_PID: String(process.pid) },
});
const STOP_DEADLINE_MS = 9_000;
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, () => {
    child.kill(sig);
    // A server that does not stop in time is killed: the whole tree is gone within 10 s.
    setTimeout(() => child.kill("SIGKILL"), STOP_DEADLINE_MS).unref();
  });
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
