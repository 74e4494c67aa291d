// Upload URLs handed out and not yet expired: a key is reserved for one URL at a time.
import { lt, sql } from "drizzle-orm";
import type { Db } from "../client";
import { uploadReservations } from "../schema";

/** Reserves `key` until `expiresAt`; false when another unexpired upload URL holds it. */
export async function reserveUploadKey(db: Db, params: { key: string; userId: string; expiresAt: Date }): Promise<boolean> {
  const rows = await db
    .insert(uploadReservations)
    .values({ key: params.key, userId: params.userId, expiresAt: params.expiresAt })
    .onConflictDoUpdate({
      target: uploadReservations.key,
      set: { userId: params.userId, expiresAt: params.expiresAt, createdAt: sql`now()` },
      setWhere: lt(uploadReservations.expiresAt, sql`now()`),
    })
    .returning({ key: uploadReservations.key });
  return rows.length > 0;
}

/** Forgets expired reservations (swept with abandoned multipart uploads; harmless meanwhile). How many went. */
export async function deleteExpiredReservations(db: Db): Promise<number> {
  const rows = await db.delete(uploadReservations).where(lt(uploadReservations.expiresAt, sql`now()`)).returning({ key: uploadReservations.key });
  return rows.length;
}
