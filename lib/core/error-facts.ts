// What may be said about an error where operators read it (the log, /api/health): its kind, its
// code and its cause, never the SQL statement or its parameters. drizzle wraps every failed query
// in an error whose message is `Failed query: <sql>\nparams: <values>` (the values can be a key's
// hash), and the drivers' errors carry `query`/`params` too; a bundled server's class names are
// minified (`c`, `e`), so kinds come from the errors' shapes and codes, not `constructor.name`.

export interface ErrorFacts {
  /** A stable kind: `PostgresError`, `DrizzleQueryError`, `SystemError`, or the error's own `name`. */
  type: string;
  /** A SQLSTATE (`53300`), a Node/driver code (`ECONNREFUSED`, `CONNECTION_ENDED`). */
  code?: string;
  message: string;
  stack?: string;
  cause?: ErrorFacts;
}

type Loose = Error & Record<string, unknown>;

const MAX_MESSAGE = 500;
const MAX_DEPTH = 4;

/** `Failed query: … params: …` (the statement may span lines), however it is embedded. */
const FAILED_QUERY = /Failed query: [\s\S]*?(?:\nparams: [^\n]*|$)/g;

/** Operator words for the codes an outage shows; the code is said beside them. */
const CODE_WORDS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ETIMEDOUT: "connection timed out",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host lookup failed",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  EPIPE: "connection closed",
  CONNECTION_ENDED: "connection ended",
  CONNECTION_CLOSED: "connection closed",
  CONNECTION_DESTROYED: "connection destroyed",
  CONNECT_TIMEOUT: "connection timed out",
};

/** `text` without SQL statements and parameters. */
export function withoutSql(text: string): string {
  return text.replace(FAILED_QUERY, "a database query failed");
}

function isObject(v: unknown): v is Loose {
  return typeof v === "object" && v !== null;
}

/** drizzle's wrapper of a failed query (its class name is minified in a build, so: its shape). */
function isDrizzleQueryError(err: Loose): boolean {
  return typeof err.message === "string" && err.message.startsWith("Failed query: ") && "params" in err;
}

/** A server's error (postgres.js `PostgresError`, PGlite's `DatabaseError`): a severity and a SQLSTATE. */
function isServerError(err: Loose): boolean {
  return typeof err.severity === "string" && typeof err.code === "string" && /^[0-9A-Z]{5}$/.test(err.code);
}

function typeOf(err: Loose): string {
  if (isDrizzleQueryError(err)) return "DrizzleQueryError";
  // PGlite names its errors `error` (the protocol message's name); postgres.js `PostgresError`.
  if (isServerError(err)) return err.name === "error" ? "DatabaseError" : "PostgresError";
  if (typeof err.syscall === "string") return "SystemError";
  const name = typeof err.name === "string" ? err.name : "";
  // A name set from a minified constructor (`this.name = this.constructor.name`) says nothing.
  return name.length > 2 ? name : "Error";
}

function clip(text: string): string {
  const clean = withoutSql(text).trim();
  return clean.length > MAX_MESSAGE ? `${clean.slice(0, MAX_MESSAGE)}…` : clean;
}

/** The stack's frames under a message that is safe to show. */
function stackOf(err: Loose, head: string): string | undefined {
  if (typeof err.stack !== "string") return undefined;
  const frames = err.stack.split("\n").filter((l) => /^\s+at /.test(l));
  return [head, ...frames].join("\n");
}

/** The facts of `err` (and its causes) that may be logged. */
export function errorFacts(err: unknown, depth = 0): ErrorFacts {
  if (!isObject(err)) return { type: typeof err, message: clip(String(err)) };
  const type = typeOf(err);
  const code = typeof err.code === "string" || typeof err.code === "number" ? String(err.code) : undefined;
  const message = isDrizzleQueryError(err) ? "a database query failed" : clip(typeof err.message === "string" ? err.message : String(err));
  const facts: ErrorFacts = { type, ...(code ? { code } : {}), message };
  const stack = stackOf(err, `${type}: ${message}`);
  if (stack) facts.stack = stack;
  if (err.cause !== undefined && depth < MAX_DEPTH) facts.cause = errorFacts(err.cause, depth + 1);
  return facts;
}

/** The innermost cause worth naming: through drizzle's wrapper to the driver's error. */
function rootCause(err: unknown): unknown {
  let e = err;
  for (let i = 0; i < MAX_DEPTH && isObject(e) && isDrizzleQueryError(e) && e.cause !== undefined; i++) e = e.cause;
  return e;
}

/**
 * One line naming what went wrong, for operators (the health report, start-up retries):
 * `connection refused (ECONNREFUSED)`, `sorry, too many clients already (PostgreSQL 53300)`.
 */
export function errorCause(err: unknown): string {
  const e = rootCause(err);
  if (!isObject(e)) return clip(String(e ?? "")) || "unknown error";
  if (isDrizzleQueryError(e)) return "a database query failed";
  const code = typeof e.code === "string" ? e.code : undefined;
  const message = clip(typeof e.message === "string" ? e.message : "");
  if (isServerError(e)) return `${message || "database error"} (PostgreSQL ${code})`;
  if (code && CODE_WORDS[code]) return `${CODE_WORDS[code]} (${code})`;
  return message || typeOf(e);
}
