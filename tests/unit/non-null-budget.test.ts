import path from "node:path";
import { describe, expect, it } from "vitest";
import { countNonNull, countNonNullInSource, NON_NULL_BUDGET } from "@/scripts/count-non-null";
import { item } from "@/lib/core/item";

describe("non-null assertion budget (issue 36 item 4)", () => {
  it("counts every `x!` and nothing else", () => {
    expect(countNonNullInSource("a.ts", "const a = [1]; const b = a[0]!; const c = a[0] !== 1; const d = b!.toFixed()!;")).toBe(3);
    expect(countNonNullInSource("a.tsx", "const e = <div>{x!}</div>; const f = !y;")).toBe(1);
  });

  it("keeps the application's sources within the budget", () => {
    const counts = countNonNull(path.resolve(__dirname, "../.."));
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(NON_NULL_BUDGET);
  });

  it("item() reads an element and names a bad index", () => {
    expect(item([{ a: 1 }], 0)).toEqual({ a: 1 });
    expect(() => item([{ a: 1 }], 1)).toThrow(/index 1 is outside a list of 1/);
  });
});
