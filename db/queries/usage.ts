// Usage records (one per successful processing run) and the sums the allowance and the usage
// summary need.
import { and, asc, count, desc, eq, gte, inArray, lt, min, sql, sum, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { usageRecords, videos } from "../schema";

export type UsageRecord = typeof usageRecords.$inferSelect;

export async function insertUsageRecord(db: Db, values: typeof usageRecords.$inferInsert) {
  const [row] = await db.insert(usageRecords).values(values).returning();
  return row!;
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

/** The user's usage records in [from, to), newest first. */
export async function listUsageRecords(
  db: Db,
  params: { userId: string; from?: Date; to?: Date },
): Promise<UsageRecord[]> {
  const where: SQL[] = [eq(usageRecords.userId, params.userId)];
  if (params.from) where.push(gte(usageRecords.createdAt, params.from));
  if (params.to) where.push(lt(usageRecords.createdAt, params.to));
  return db
    .select()
    .from(usageRecords)
    .where(and(...where))
    .orderBy(desc(usageRecords.createdAt), desc(usageRecords.id));
}

export interface UsageByAction {
  action: string;
  jobs: number;
  minutes: number;
  firstUsage: Date | null;
}

/** Count, minutes and first use per action: the whole usage summary in one query. */
export async function usageByAction(db: Db, userId: string): Promise<UsageByAction[]> {
  const rows = await db
    .select({
      action: usageRecords.action,
      jobs: count(),
      minutes: sum(usageRecords.durationMinutes),
      firstUsage: min(usageRecords.createdAt),
    })
    .from(usageRecords)
    .where(eq(usageRecords.userId, userId))
    .groupBy(usageRecords.action)
    .orderBy(asc(usageRecords.action));
  return rows.map((r) => ({
    action: r.action,
    jobs: Number(r.jobs),
    minutes: Number(r.minutes ?? 0),
    firstUsage: r.firstUsage ? new Date(r.firstUsage as unknown as string | Date) : null,
  }));
}

/** Bytes of all the user's videos. */
export async function totalVideoBytes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${videos.fileSize}), 0)` })
    .from(videos)
    .where(eq(videos.userId, userId));
  return Number(row?.total ?? 0);
}
