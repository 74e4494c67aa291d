// API key format, prefix and hashing (no database involved).
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/core/errors";
import { API_KEY_PATTERN, authenticateApiKey, generateApiKey, hashApiKey, INVALID_KEY, keyPrefix } from "@/lib/auth/api-keys";

describe("generateApiKey", () => {
  it("is svc_live_ + 64 lowercase hex", () => {
    for (let i = 0; i < 50; i++) {
      const key = generateApiKey();
      expect(key).toMatch(/^svc_live_[0-9a-f]{64}$/);
      expect(key).toHaveLength(9 + 64);
      expect(API_KEY_PATTERN.test(key)).toBe(true);
    }
  });

  it("is random: no two keys alike", () => {
    const keys = new Set(Array.from({ length: 1000 }, generateApiKey));
    expect(keys.size).toBe(1000);
  });
});

describe("API_KEY_PATTERN", () => {
  const good = `svc_live_${"0123456789abcdef".repeat(4)}`;
  it("accepts exactly the documented format", () => {
    expect(API_KEY_PATTERN.test(good)).toBe(true);
  });
  it.each([
    ["uppercase hex", good.toUpperCase().replace("SVC_LIVE_", "svc_live_")],
    ["63 hex", good.slice(0, -1)],
    ["65 hex", `${good}0`],
    ["non-hex character", `${good.slice(0, -1)}g`],
    ["other prefix", good.replace("svc_live_", "svc_test_")],
    ["no prefix", good.slice(9)],
    ["leading space", ` ${good}`],
    ["trailing newline", `${good}\n`],
    ["empty", ""],
  ])("rejects %s", (_, value) => {
    expect(API_KEY_PATTERN.test(value)).toBe(false);
  });
});

describe("hashApiKey", () => {
  it("is the SHA-256 hex digest of the key", () => {
    expect(hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const key = generateApiKey();
    expect(hashApiKey(key)).toBe(crypto.createHash("sha256").update(key, "utf8").digest("hex"));
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("is deterministic and differs between keys", () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(hashApiKey(a)).toBe(hashApiKey(a));
    expect(hashApiKey(a)).not.toBe(hashApiKey(b));
    expect(hashApiKey(a)).not.toContain(a.slice(9));
  });
});

describe("keyPrefix", () => {
  it("is svc_live_ + the first 8 hex characters + an ellipsis", () => {
    const key = `svc_live_deadbeef${"0".repeat(56)}`;
    expect(keyPrefix(key)).toBe("svc_live_deadbeef…");
    const random = generateApiKey();
    const prefix = keyPrefix(random);
    expect(prefix).toBe(`${random.slice(0, 17)}…`);
    expect(prefix).toHaveLength(18);
    expect(prefix.endsWith("\u2026")).toBe(true);
    expect(random.startsWith(prefix.slice(0, -1))).toBe(true);
  });
});

describe("authenticateApiKey", () => {
  it("rejects a malformed key with 401 before touching the database", async () => {
    const db = new Proxy({}, { get: () => { throw new Error("the database was touched"); } }) as never;
    for (const bad of ["", "svc_live_", "svc_live_xyz", `svc_live_${"A".repeat(64)}`, `Bearer ${generateApiKey()}`]) {
      const err = await authenticateApiKey(db, bad).catch((e) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect(err.status).toBe(401);
      expect(err.detail).toBe(INVALID_KEY);
    }
  });

  it("uses the documented detail text", () => {
    expect(INVALID_KEY).toBe("Invalid or inactive API key");
  });
});
