// The usage summary (decisions.md, Usage and allowance), with the same limit the 402 check uses.
// `used` is the recorded usage; the 402 check also counts minutes of videos queued or processing.
import type { Db } from "@/db/client";
import { totalVideoBytes, usageByAction, type UsageByAction } from "@/db/queries/usage";
import { getProfile } from "@/db/queries/users";
import { isoTime } from "@/lib/core/iso-time";
import { BASE_LIMIT_MINUTES } from "./allowance";

export const PLAN = "standard";
/** The actions a usage record can have: always present in `by_action`, 0 when unused. */
export const USAGE_ACTIONS = ["process", "reprocess"] as const;

export interface UsageSummary {
  total_jobs: number;
  total_minutes: number;
  total_duration_minutes: number;
  by_action: Record<string, number>;
  plan: string;
  trial_status: "active" | "expired";
  remaining_trial_minutes: number;
  total_limit_minutes: number;
  usage_percentage: number;
  bonus_minutes: number;
  first_usage: string | null;
  total_file_size_gb: number;
}

/** Pure arithmetic over what the database holds (the dashboard reuses it with rows it already read). */
export function computeUsageSummary(input: { byAction: UsageByAction[]; bonusMinutes: number; totalFileBytes: number }): UsageSummary {
  const byAction: Record<string, number> = Object.fromEntries(USAGE_ACTIONS.map((a) => [a, 0]));
  let jobs = 0;
  let used = 0;
  let first: Date | null = null;
  for (const row of input.byAction) {
    byAction[row.action] = (byAction[row.action] ?? 0) + row.jobs;
    jobs += row.jobs;
    used += row.minutes;
    if (row.firstUsage && (!first || row.firstUsage < first)) first = row.firstUsage;
  }
  const limit = BASE_LIMIT_MINUTES + input.bonusMinutes;
  const remaining = Math.max(0, limit - used);
  return {
    total_jobs: jobs,
    total_minutes: used,
    total_duration_minutes: used,
    by_action: byAction,
    plan: PLAN,
    trial_status: remaining > 0 ? "active" : "expired",
    remaining_trial_minutes: remaining,
    total_limit_minutes: limit,
    // A limit of zero or less (a negative bonus) is fully used.
    usage_percentage: limit > 0 ? (used / limit) * 100 : 100,
    bonus_minutes: input.bonusMinutes,
    first_usage: isoTime(first),
    total_file_size_gb: input.totalFileBytes / 1024 ** 3,
  };
}

export async function getUsageSummary(db: Db, userId: string): Promise<UsageSummary> {
  const [byAction, profile, totalFileBytes] = await Promise.all([
    usageByAction(db, userId),
    getProfile(db, userId),
    totalVideoBytes(db, userId),
  ]);
  return computeUsageSummary({ byAction, bonusMinutes: profile?.bonusMinutes ?? 0, totalFileBytes });
}
