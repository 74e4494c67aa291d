// Which errors are a passing outage (the run is handed back and resumed) and which are the run's own.
import { describe, expect, it } from "vitest";
import { isTransientOutage } from "@/lib/pipeline/transient-error";

const s3Error = (name: string, status: number) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
const failedQuery = (cause: unknown) => Object.assign(new Error("Failed query: select 1\nparams: "), { params: [], cause });

describe("isTransientOutage", () => {
  it("the database restarting or away, also when wrapped by drizzle", () => {
    expect(isTransientOutage(Object.assign(new Error("terminating connection due to administrator command"), { severity: "FATAL", code: "57P01" }))).toBe(true);
    expect(isTransientOutage(Object.assign(new Error("the database system is starting up"), { severity: "FATAL", code: "57P03" }))).toBe(true);
    expect(isTransientOutage(failedQuery(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })))).toBe(true);
    expect(isTransientOutage(Object.assign(new Error("write CONNECTION_CLOSED 127.0.0.1:5432"), { code: "CONNECTION_CLOSED" }))).toBe(true);
    expect(isTransientOutage(failedQuery(Object.assign(new Error("connection failure"), { severity: "FATAL", code: "08006" })))).toBe(true);
  });

  it("storage throttling or unavailable (S3 5xx)", () => {
    expect(isTransientOutage(s3Error("SlowDown", 503))).toBe(true);
    expect(isTransientOutage(s3Error("InternalError", 500))).toBe(true);
  });

  it("not the run's own errors: a constraint, a missing object, a bad file, a full disk", () => {
    expect(isTransientOutage(failedQuery(Object.assign(new Error("duplicate key"), { severity: "ERROR", code: "23505" })))).toBe(false);
    expect(isTransientOutage(s3Error("NoSuchKey", 404))).toBe(false);
    expect(isTransientOutage(new Error("ffmpeg exited with code 1"))).toBe(false);
    expect(isTransientOutage(Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" }))).toBe(false);
    expect(isTransientOutage(undefined)).toBe(false);
  });
});
