// GET /usage: the caller's usage records between two ISO 8601 dates (either may be left out).
import type { Db } from "@/db/client";
import { listUsageRecords } from "@/db/queries/usage";
import { badRequest } from "@/lib/core/errors";

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;

/**
 * An ISO 8601 date (`2026-11-25`) or timestamp (`2026-11-25T22:01:05.123`, zone optional: none
 * means UTC, as the API writes them). Null when the text is not one.
 */
export function parseIsoDate(text: string): { at: Date; dateOnly: boolean } | null {
  const t = text.trim();
  const dateOnly = DATE_ONLY.test(t);
  if (!dateOnly && !DATE_TIME.test(t)) return null;
  const hasZone = /(Z|[+-]\d{2}(:?\d{2})?)$/i.test(t.slice(10));
  const at = new Date(dateOnly ? `${t}T00:00:00Z` : hasZone ? t.replace(" ", "T") : `${t.replace(" ", "T")}Z`);
  if (Number.isNaN(at.getTime())) return null;
  // Reject dates that JavaScript rolls over (2026-02-31 → March 3).
  if (at.toISOString().slice(0, 10) !== t.slice(0, 10) && !hasZone) return null;
  return { at, dateOnly };
}

const DAY_MS = 24 * 3600 * 1000;

export async function listUsage(db: Db, params: { userId: string; startDate?: string; endDate?: string }) {
  const start = params.startDate !== undefined ? parseIsoDate(params.startDate) : undefined;
  if (start === null) throw badRequest("start_date: must be an ISO 8601 date or timestamp (e.g. 2026-01-31 or 2026-01-31T12:00:00)");
  const end = params.endDate !== undefined ? parseIsoDate(params.endDate) : undefined;
  if (end === null) throw badRequest("end_date: must be an ISO 8601 date or timestamp (e.g. 2026-01-31 or 2026-01-31T12:00:00)");
  // A date alone as the end means that whole day; a timestamp is inclusive.
  const to = end ? new Date(end.at.getTime() + (end.dateOnly ? DAY_MS : 1)) : undefined;
  if (start && to && to.getTime() <= start.at.getTime()) throw badRequest("end_date: must not be before start_date");
  return listUsageRecords(db, { userId: params.userId, from: start?.at, to });
}
