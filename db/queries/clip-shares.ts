// A clip's share: a random hash on the clip row that opens its public page and stream until the
// owner revokes it (or deletes the clip). One share per clip; sharing again returns it.
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../client";
import { clips, type Clip } from "../schema";
import { isUuid } from "@/lib/core/uuid";

/** Sets the clip's share hash unless it has one; the clip (with its hash) and whether it is new, or null (not the caller's clip). */
export async function shareClipRow(db: Db, params: { userId: string; clipId: string; shareHash: string }): Promise<{ clip: Clip; created: boolean } | null> {
  if (!isUuid(params.clipId)) return null;
  const [row] = await db
    .update(clips)
    .set({ shareHash: params.shareHash })
    .where(and(eq(clips.id, params.clipId), eq(clips.userId, params.userId), isNull(clips.shareHash)))
    .returning();
  if (row) return { clip: row, created: true };
  const [existing] = await db
    .select()
    .from(clips)
    .where(and(eq(clips.id, params.clipId), eq(clips.userId, params.userId)))
    .limit(1);
  return existing ? { clip: existing, created: false } : null;
}

/** Revokes the clip's share; false when the clip is not the caller's or was not shared. */
export async function unshareClipRow(db: Db, params: { userId: string; clipId: string }): Promise<boolean> {
  if (!isUuid(params.clipId)) return false;
  const rows = await db
    .update(clips)
    .set({ shareHash: null })
    .where(and(eq(clips.id, params.clipId), eq(clips.userId, params.userId), isNotNull(clips.shareHash)))
    .returning({ id: clips.id });
  return rows.length > 0;
}

/** The clip a share hash opens, or null (unknown or revoked hash). */
export async function getClipByShareHash(db: Db, shareHash: string): Promise<Clip | null> {
  const [row] = await db.select().from(clips).where(eq(clips.shareHash, shareHash)).limit(1);
  return row ?? null;
}
