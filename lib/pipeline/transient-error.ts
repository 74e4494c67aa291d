// Errors of a passing outage, not of the run: the database's connection lost or refused (a server
// restarting: SQLSTATE class 08, 57P01–57P03, the driver's and the system's connection codes) and
// a storage that throttles or is briefly unavailable (S3's 5xx answers: SlowDown, ServiceUnavailable,
// InternalError). The embedded runner hands such a run back to be resumed a little later instead
// of failing it (bench/soak found videos failed by a 30 s storage refusal and a database restart).

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "CONNECTION_ENDED",
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);
/** admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down). */
const SERVER_GOING_AWAY = new Set(["57P01", "57P02", "57P03"]);
const STORAGE_BUSY = new Set(["SlowDown", "ServiceUnavailable", "InternalError", "RequestTimeout", "Throttling", "ThrottlingException"]);

type Loose = { code?: unknown; name?: unknown; cause?: unknown; $metadata?: { httpStatusCode?: unknown } };

function isTransientHere(err: Loose): boolean {
  const code = typeof err.code === "string" ? err.code : "";
  if (CONNECTION_CODES.has(code) || SERVER_GOING_AWAY.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  const status = err.$metadata?.httpStatusCode;
  if (typeof status === "number" && "$metadata" in err) return status >= 500 || status === 429 || (typeof err.name === "string" && STORAGE_BUSY.has(err.name));
  return false;
}

/** Whether `err` (or an error it wraps, up to a few levels) is a passing outage of the database or the storage. */
export function isTransientOutage(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && typeof e === "object" && e !== null; depth++) {
    if (isTransientHere(e as Loose)) return true;
    e = (e as Loose).cause;
  }
  return false;
}
