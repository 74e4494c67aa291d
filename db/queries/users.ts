// Users and their profiles (one profile per user).
import { asc, eq } from "drizzle-orm";
import type { Db } from "../client";
import { profiles, users } from "../schema";

export interface NewUser {
  id?: string;
  email?: string;
  fullName?: string | null;
  avatarUrl?: string | null;
  clerkUserId?: string | null;
}

export async function createUser(db: Db, input: NewUser) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ ...(input.id ? { id: input.id } : {}), clerkUserId: input.clerkUserId ?? null })
      .returning();
    const [profile] = await tx
      .insert(profiles)
      .values({
        userId: user!.id,
        email: input.email ?? "",
        fullName: input.fullName ?? null,
        avatarUrl: input.avatarUrl ?? null,
      })
      .returning();
    return { user: user!, profile: profile! };
  });
}

export async function getUserById(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export async function getUserByClerkId(db: Db, clerkUserId: string) {
  const [row] = await db.select().from(users).where(eq(users.clerkUserId, clerkUserId)).limit(1);
  return row ?? null;
}

export async function setClerkUserId(db: Db, userId: string, clerkUserId: string) {
  await db.update(users).set({ clerkUserId }).where(eq(users.id, userId));
}

export async function getProfile(db: Db, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ?? null;
}

export async function countUsers(db: Db): Promise<number> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length;
}

export async function listUsersWithProfiles(db: Db) {
  return db
    .select({
      userId: users.id,
      email: profiles.email,
      fullName: profiles.fullName,
      clerkUserId: users.clerkUserId,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .orderBy(asc(users.createdAt));
}

/** The profile's bonus minutes, its row locked until the transaction ends (0 without a profile). */
export async function lockBonusMinutes(tx: Db, userId: string): Promise<number> {
  const [profile] = await tx.select({ bonus: profiles.bonusMinutes }).from(profiles).where(eq(profiles.userId, userId)).for("update");
  return profile?.bonus ?? 0;
}
