// Usage records (one per successful processing run) and the sums the allowance needs.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { usageRecords, videos } from "../schema";

export async function insertUsageRecord(db: Db, values: typeof usageRecords.$inferInsert) {
  const [row] = await db.insert(usageRecords).values(values).returning();
  return row;
}

export async function usedMinutes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${usageRecords.durationMinutes}), 0)` })
    .from(usageRecords)
    .where(eq(usageRecords.userId, userId));
  return Number(row?.total ?? 0);
}

/** Minutes of the user's videos waiting for or in processing: promised, not yet recorded. */
export async function reservedMinutes(db: Db, userId: string, exceptJobId?: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${videos.duration}), 0)` })
    .from(videos)
    .where(
      and(
        eq(videos.userId, userId),
        inArray(videos.status, ["queued", "processing"]),
        exceptJobId ? sql`${videos.jobId} <> ${exceptJobId}` : undefined,
      ),
    );
  return Number(row?.total ?? 0) / 60;
}
