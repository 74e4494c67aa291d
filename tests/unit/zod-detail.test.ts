// The one-line `detail` of a 400: "<field>: <rule>", naming the field a client must fix.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { zodDetail } from "@/lib/api/zod-detail";

const body = z.object({
  name: z.string().trim().min(1).max(255),
  count: z.number().int().min(0).max(200).optional(),
  ratio: z.number().min(0).max(1).optional(),
  flag: z.boolean().optional(),
  kind: z.enum(["alpha", "beta"]).optional(),
  email: z.email().optional(),
  id: z.uuid().optional(),
  tags: z.array(z.string()).min(1).max(2).optional(),
  nested: z.object({ inner: z.array(z.object({ label: z.string().min(3) })) }).optional(),
});

function detail(schema: z.ZodType, value: unknown, root?: string): string {
  const r = schema.safeParse(value);
  if (r.success) throw new Error(`expected ${JSON.stringify(value)} to fail`);
  return zodDetail(r.error, root);
}

describe("zodDetail", () => {
  it.each([
    [{}, "name: is required"],
    [{ name: 5 }, "name: must be a string"],
    [{ name: null }, "name: must be a string"],
    [{ name: "" }, "name: must not be empty"],
    [{ name: "   " }, "name: must not be empty"],
    [{ name: "x".repeat(256) }, "name: must be at most 255 characters"],
    [{ name: "a", count: 1.5 }, "count: must be an integer"],
    [{ name: "a", count: "3" }, "count: must be a number"],
    [{ name: "a", count: -1 }, "count: must be at least 0"],
    [{ name: "a", count: 201 }, "count: must be at most 200"],
    [{ name: "a", count: 1e12 }, "count: must be at most 200"],
    [{ name: "a", ratio: 1.01 }, "ratio: must be at most 1"],
    [{ name: "a", flag: "true" }, "flag: must be a boolean"],
    [{ name: "a", kind: "gamma" }, "kind: must be one of alpha, beta"],
    [{ name: "a", email: "nope" }, "email: must be a valid email"],
    [{ name: "a", id: "123" }, "id: must be a valid uuid"],
    [{ name: "a", tags: [] }, "tags: must be at least 1 item"],
    [{ name: "a", tags: ["a", "b", "c"] }, "tags: must be at most 2 items"],
    [{ name: "a", tags: "a" }, "tags: must be an array"],
    [{ name: "a", tags: ["a", 2] }, "tags.1: must be a string"],
    [{ name: "a", nested: { inner: [{ label: "abc" }, { label: "x" }] } }, "nested.inner.1.label: must be at least 3 characters"],
    [{ name: "a", nested: {} }, "nested.inner: is required"],
    [{ name: "a", nested: "x" }, "nested: must be an object"],
  ])("%j → %s", (value, expected) => {
    expect(detail(body, value)).toBe(expected);
  });

  it("names the root for a value that is not an object at all", () => {
    expect(detail(body, [])).toBe("body: must be an object");
    expect(detail(body, "x")).toBe("body: must be an object");
    expect(detail(body, null)).toBe("body: must be an object");
    expect(detail(body, [], "query")).toBe("query: must be an object");
  });

  it("reports the first issue only, as one line", () => {
    const d = detail(body, { name: 5, count: "x", flag: 1 });
    expect(d).toBe("name: must be a string");
    expect(d).not.toContain("\n");
  });

  it("lists unknown fields of a strict object at the root", () => {
    expect(detail(z.strictObject({ a: z.string() }), { a: "x", b: 1, c: 2 }, "query")).toBe("query: unknown field b, c");
  });

  it("falls back to the issue's own message for custom rules", () => {
    const s = z.object({ start: z.number(), end: z.number() }).refine((v) => v.end > v.start, {
      message: "must be after start",
      path: ["end"],
    });
    expect(detail(s, { start: 5, end: 1 })).toBe("end: must be after start");
  });

  it("says `invalid` when there is no issue to report", () => {
    expect(zodDetail(new z.ZodError([]))).toBe("body: invalid");
    expect(zodDetail(new z.ZodError([]), "path")).toBe("path: invalid");
  });
});

describe("zodDetail units", () => {
  it("uses the singular for one character or item", () => {
    expect(detail(z.object({ code: z.string().max(1) }), { code: "ab" })).toBe("code: must be at most 1 character");
    expect(detail(z.object({ ids: z.array(z.string()).max(1) }), { ids: ["a", "b"] })).toBe("ids: must be at most 1 item");
    expect(detail(z.object({ code: z.string().min(2) }), { code: "a" })).toBe("code: must be at least 2 characters");
  });
});

describe("zodDetail with the parsed input", () => {
  const s = z.object({ kind: z.enum(["alpha", "beta"]), on: z.literal(true), when: z.object({ at: z.number() }) });
  const full = { kind: "alpha", on: true, when: { at: 1 } };

  it("reports a field absent from the input as required, whatever rule it failed", () => {
    for (const [value, expected] of [
      [{ on: true, when: { at: 1 } }, "kind: is required"],
      [{ kind: "alpha", when: { at: 1 } }, "on: is required"],
      [{ kind: "alpha", on: true, when: {} }, "when.at: is required"],
    ] as const) {
      const r = s.safeParse(value);
      expect(r.success).toBe(false);
      expect(zodDetail(r.error!, "body", value)).toBe(expected);
    }
  });

  it("reports a present but wrong field by its rule", () => {
    const value = { ...full, kind: "gamma" };
    const r = s.safeParse(value);
    expect(zodDetail(r.error!, "body", value)).toBe("kind: must be one of alpha, beta");
    const nulled = { ...full, kind: null };
    expect(zodDetail(s.safeParse(nulled).error!, "body", nulled)).toBe("kind: must be one of alpha, beta");
  });

  it("keeps unknown fields as unknown", () => {
    const value = { a: "x", b: 1 };
    const r = z.strictObject({ a: z.string() }).safeParse(value);
    expect(zodDetail(r.error!, "body", value)).toBe("body: unknown field b");
  });
});
