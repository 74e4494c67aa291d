// Usage records and the usage summary.
import { z } from "zod";
import type { UsageRecord } from "@/db/queries/usage";
import { defineEndpoint } from "@/lib/schemas/contract";
import { timestamp } from "./common";
import { isoTime } from "@/lib/core/iso-time";

export const usageResponse = z
  .object({
    id: z.string(),
    user_id: z.string(),
    job_id: z.string(),
    action: z.string().describe("process (first run of a video) or reprocess"),
    duration_minutes: z.number(),
    processing_time: z.number().describe("seconds"),
    modules: z.string().describe("JSON text of the module names run"),
    created_at: timestamp,
  })
  .meta({ id: "Usage" });

export function toUsageResponse(u: UsageRecord): z.infer<typeof usageResponse> {
  return {
    id: u.id,
    user_id: u.userId,
    job_id: u.jobId,
    action: u.action,
    duration_minutes: u.durationMinutes,
    processing_time: u.processingTime,
    modules: JSON.stringify(u.modules),
    created_at: isoTime(u.createdAt),
  };
}

export const usageSummaryResponse = z
  .object({
    total_jobs: z.number().int(),
    total_minutes: z.number(),
    total_duration_minutes: z.number(),
    by_action: z.record(z.string(), z.number().int()),
    plan: z.string(),
    trial_status: z.enum(["active", "expired"]),
    remaining_trial_minutes: z.number(),
    total_limit_minutes: z.number().describe("3000 + bonus_minutes"),
    usage_percentage: z.number(),
    bonus_minutes: z.number(),
    first_usage: timestamp.nullable(),
    total_file_size_gb: z.number().describe("GiB of all your videos"),
  })
  .meta({ id: "UsageSummary" });

const dateField = z
  .string()
  .max(64)
  .describe("ISO 8601 date or timestamp (UTC when no zone); a date alone as end_date includes that day");
export const listUsageQuery = z.object({ start_date: dateField.optional(), end_date: dateField.optional() });

const tag = "Usage";
export const usageApi = {
  list: defineEndpoint({ method: "GET", path: "/usage", tag, summary: "Your usage records (one per processing run), newest first", auth: "required", query: listUsageQuery, response: z.array(usageResponse) }),
  summary: defineEndpoint({ method: "GET", path: "/usage/summary", tag, summary: "Minutes used and left of your allocation", auth: "required", response: usageSummaryResponse }),
};
