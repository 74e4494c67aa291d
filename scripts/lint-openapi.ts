// npm run lint:openapi: writes the OpenAPI document (as /api/openapi.json serves it) to a temp
// file and lints it with @redocly/cli under redocly.yaml (recommended rules). Exits non-zero on
// any error or warning.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildOpenApiDocument } from "@/lib/openapi/document";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "va-openapi-"));
const file = path.join(dir, "openapi.json");
fs.writeFileSync(file, JSON.stringify(buildOpenApiDocument(), null, 2));
const redocly = path.join(process.cwd(), "node_modules", ".bin", "redocly");
const r = spawnSync(redocly, ["lint", file, "--config", path.join(process.cwd(), "redocly.yaml"), "--max-problems", "50"], {
  encoding: "utf8",
  env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
});
fs.rmSync(dir, { recursive: true, force: true });
const out = `${r.stdout}${r.stderr}`;
// Redocly's own banner (a Node.js version notice) is noise here; its findings are not.
process.stdout.write(out.replace(/^\s*╔[\s\S]*?╝\s*$/m, ""));
const warned = /You have \d+ warnings?/.test(out);
if (r.status !== 0 || warned) {
  console.error(r.status !== 0 ? "OpenAPI lint failed" : "OpenAPI lint: warnings count as failures here");
  process.exit(1);
}
