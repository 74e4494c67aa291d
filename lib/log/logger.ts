// The server's log: JSON lines (pino) with level, time, component and, for requests, the request
// id and user id; pretty lines when stdout is a terminal (pino-pretty as an in-process stream: a
// worker-thread transport does not survive Next's bundling). LOG_LEVEL sets the least level
// (default `info`; `silent` under the test runner unless LOG_LEVEL says otherwise). Keys and
// secrets are never logged: fields that could hold one are redacted whatever the caller passes.
// One root logger per process (processSingleton), shared by every bundle of the server.
// Errors pass through one sanitizer (lib/core/error-facts.ts): their kind, code and cause, never a
// SQL statement or its parameters, whether logged as `err`/`error` or written into a message.
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import { errorFacts, withoutSql } from "@/lib/core/error-facts";
import { processSingleton } from "@/lib/core/process-singleton";
import { env } from "@/lib/env";

/** Where lines go; tests put a collector here. */
export interface LogSink {
  write(line: string): unknown;
}

const REDACTED_FIELDS = ["authorization", "cookie", "apiKey", "api_key", "key", "secret", "token", "password"];
const REDACT_PATHS = [
  ...REDACTED_FIELDS,
  ...REDACTED_FIELDS.map((f) => `*.${f}`),
  "headers.authorization",
  "headers.cookie",
  "*.headers.authorization",
  "*.headers.cookie",
];

export function logLevel(): string {
  return env().LOG_LEVEL;
}

function defaultSink(): LogSink {
  if (process.stdout.isTTY) {
    return pretty({ colorize: true, sync: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" });
  }
  // Synchronous writes: the last lines before a process.exit are not lost.
  return pino.destination({ dest: 1, sync: true });
}

interface LogState {
  sink?: LogSink;
  root?: Logger;
  children: Map<string, Logger>;
}

const state = processSingleton<LogState>("__vaLog", () => ({ children: new Map() }));

/** An `err` field: an error's facts; a text (an error's message someone passed) without SQL. */
const errorField = (value: unknown) => (typeof value === "string" ? withoutSql(value) : errorFacts(value));

/** Texts of a log call (its message, and the top-level text fields of its object) without SQL. */
function scrubArgs(args: unknown[]): unknown[] {
  return args.map((a) => {
    if (typeof a === "string") return withoutSql(a);
    if (a instanceof Error || typeof a !== "object" || a === null) return a;
    const entries = Object.entries(a as Record<string, unknown>);
    if (!entries.some(([, v]) => typeof v === "string" && v.includes("Failed query: "))) return a;
    return Object.fromEntries(entries.map(([k, v]) => [k, typeof v === "string" ? withoutSql(v) : v]));
  });
}

function root(): Logger {
  state.root ??= pino(
    {
      level: logLevel(),
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      serializers: { err: errorField, error: errorField },
      hooks: {
        logMethod(args, method) {
          method.apply(this, scrubArgs(args) as Parameters<typeof method>);
        },
      },
    },
    { write: (line: string) => (state.sink ??= defaultSink()).write(line) },
  );
  return state.root;
}

/** The logger of one part of the server (`boot`, `runner`, `api`…), its name in every line's `component`. */
export function logger(component: string): Logger {
  let child = state.children.get(component);
  if (!child) {
    child = root().child({ component });
    state.children.set(component, child);
  }
  return child;
}

/** Sends the log to `sink` at `level` until the returned function is called (tests read what was logged). */
export function redirectLog(sink: LogSink, level = "info"): () => void {
  const before = { sink: state.sink, level: root().level };
  state.sink = sink;
  root().level = level;
  for (const c of state.children.values()) c.level = level;
  return () => {
    state.sink = before.sink;
    root().level = before.level;
    for (const c of state.children.values()) c.level = before.level;
  };
}
