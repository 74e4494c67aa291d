// The API's timestamps: ISO 8601 without zone (UTC), e.g. `2026-11-25T22:01:05.123`. Here, not in
// lib/schemas, because storage and the features write them too (lib/schemas/common.ts declares the shape).

export function isoTime(d: Date): string;
export function isoTime(d: Date | null | undefined): string | null;
export function isoTime(d: Date | null | undefined): string | null {
  return d ? d.toISOString().replace(/Z$/, "") : null;
}
