// A local control socket in DATA_DIR: while the app holds the embedded database, the CLI sends
// its commands here instead of opening a second PGlite instance (which would lose writes).
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { Db } from "@/db/client";
import { CliError, runCliCommand, type CliArgs } from "@/lib/cli/commands";
import { errorCause } from "@/lib/core/error-facts";

/** The socket path for a data directory (short enough for the OS limit on socket paths). */
export function controlSocketPath(dataDir: string): string {
  const inDir = path.join(dataDir, "control.sock");
  if (inDir.length < 100) return inDir;
  const hash = crypto.createHash("sha1").update(dataDir).digest("hex").slice(0, 12);
  return path.join(os.tmpdir(), `va-${hash}.sock`);
}

export function startControlSocket(dataDir: string, getDb: () => Promise<Db>): Promise<http.Server> {
  const socket = controlSocketPath(dataDir);
  fs.rmSync(socket, { force: true }); // left by a process that died; we hold the data-dir lock
  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (c) => (raw += c));
    req.on("end", async () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      };
      try {
        const { verb, args } = JSON.parse(raw) as { verb: string; args: CliArgs };
        reply(200, { result: await runCliCommand(await getDb(), verb, args ?? {}) });
      } catch (err) {
        reply(err instanceof CliError ? 400 : 500, { error: err instanceof CliError ? err.message : errorCause(err) });
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(socket, () => {
      fs.chmodSync(socket, 0o600);
      server.unref();
      process.once("exit", () => fs.rmSync(socket, { force: true }));
      resolve(server);
    });
  });
}

/** Sends a CLI command to the app holding `dataDir`. */
export function sendControlCommand(dataDir: string, verb: string, args: CliArgs): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath: controlSocketPath(dataDir), path: "/run", method: "POST", headers: { "Content-Type": "application/json" } },
      (res) => {
        let raw = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (raw += c));
        res.on("end", () => {
          try {
            const body = JSON.parse(raw);
            if (res.statusCode === 200) resolve(body.result);
            else reject(new CliError(body.error ?? `control socket answered ${res.statusCode}`));
          } catch {
            reject(new CliError(`control socket answered ${res.statusCode}: ${raw.slice(0, 200)}`));
          }
        });
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify({ verb, args }));
  });
}
