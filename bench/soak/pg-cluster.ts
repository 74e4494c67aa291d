// A PostgreSQL 15 cluster of the soak's own (initdb into a temp directory, its own port and socket
// directory), so it can be restarted mid-run without touching any other server on the machine.
// Run as root, the server's commands run as the `postgres` user (PostgreSQL refuses root).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

export interface PgCluster {
  url: string;
  /** `pg_ctl restart -m fast`: every connection is cut, the server is back when this resolves. Seconds it took. */
  restart(): number;
  stop(): void;
}

function asServerUser(cmd: string, args: string[]): string {
  const [file, argv] = process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args];
  return execFileSync(file, argv, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

export function startPgCluster(port: number): PgCluster {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "va-soak-pg-"));
  const data = path.join(root, "data");
  const socketDir = path.join(root, "sock");
  fs.mkdirSync(socketDir);
  if (process.getuid?.() === 0) execFileSync("chown", ["-R", "postgres:postgres", root]);
  asServerUser(path.join(BIN, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  fs.appendFileSync(
    path.join(data, "postgresql.conf"),
    [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${socketDir}'`,
      "max_connections = 200",
      "fsync = off", // a bench's throwaway cluster: crash safety is not what is measured
      "synchronous_commit = off",
      "full_page_writes = off",
      "",
    ].join("\n"),
  );
  const pgCtl = (...args: string[]) => asServerUser(path.join(BIN, "pg_ctl"), ["-D", data, "-l", path.join(root, "server.log"), ...args]);
  pgCtl("start", "-w", "-t", "60");
  asServerUser(path.join(BIN, "psql"), ["-h", socketDir, "-p", String(port), "-U", "postgres", "-c", "CREATE DATABASE soak"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/soak`,
    restart() {
      const t0 = Date.now();
      pgCtl("restart", "-m", "fast", "-w", "-t", "60");
      return (Date.now() - t0) / 1000;
    },
    stop() {
      try {
        pgCtl("stop", "-m", "immediate", "-w");
      } catch {
        /* already stopped */
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
