// Multipart uploads in progress and (local storage) their stored parts, scoped to their owner.
import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../client";
import { multipartParts, multipartUploads } from "../schema";

import { isUuid } from "@/lib/core/uuid";

export type MultipartUpload = typeof multipartUploads.$inferSelect;
export type MultipartPart = typeof multipartParts.$inferSelect;

/** Inserts an upload; null when another upload in progress already targets that file path. */
export async function insertMultipartUpload(
  db: Db,
  values: Omit<typeof multipartUploads.$inferInsert, "id" | "createdAt"> & { id?: string },
): Promise<MultipartUpload | null> {
  const [row] = await db.insert(multipartUploads).values(values).onConflictDoNothing({ target: multipartUploads.filePath }).returning();
  return row ?? null;
}

export async function setS3UploadId(db: Db, params: { id: string; s3UploadId: string }): Promise<void> {
  await db.update(multipartUploads).set({ s3UploadId: params.s3UploadId }).where(eq(multipartUploads.id, params.id));
}

/** The caller's upload that has not expired, or null. */
export async function getMultipartUpload(db: Db, params: { userId: string; uploadId: string; now?: Date }): Promise<MultipartUpload | null> {
  if (!isUuid(params.uploadId)) return null;
  const [row] = await db
    .select()
    .from(multipartUploads)
    .where(and(eq(multipartUploads.id, params.uploadId), eq(multipartUploads.userId, params.userId)))
    .limit(1);
  if (!row || row.expiresAt <= (params.now ?? new Date())) return null;
  return row;
}

/**
 * An upload by id alone, for a part PUT whose signed URL proved access, with whether that part is
 * stored already (one round trip: a first PUT of a part then needs no delete).
 */
export async function getMultipartUploadForPart(
  db: Db,
  params: { uploadId: string; partNumber: number },
): Promise<{ upload: MultipartUpload; partStored: boolean } | null> {
  if (!isUuid(params.uploadId)) return null;
  const [row] = await db
    .select({ upload: multipartUploads, storedPart: multipartParts.partNumber })
    .from(multipartUploads)
    .leftJoin(multipartParts, and(eq(multipartParts.uploadId, multipartUploads.id), eq(multipartParts.partNumber, params.partNumber)))
    .where(eq(multipartUploads.id, params.uploadId))
    .limit(1);
  return row ? { upload: row.upload, partStored: row.storedPart !== null } : null;
}

/** True when an upload in progress already claims this file path. */
export async function filePathClaimed(db: Db, filePath: string): Promise<boolean> {
  const [row] = await db.select({ id: multipartUploads.id }).from(multipartUploads).where(eq(multipartUploads.filePath, filePath)).limit(1);
  return !!row;
}

export async function deleteMultipartUpload(db: Db, uploadId: string): Promise<boolean> {
  const rows = await db.delete(multipartUploads).where(eq(multipartUploads.id, uploadId)).returning({ id: multipartUploads.id });
  return rows.length > 0;
}

/** Uploads whose 24 h are over (any owner), oldest first. */
export async function listExpiredMultipartUploads(db: Db, now: Date, limit = 100): Promise<MultipartUpload[]> {
  return db.select().from(multipartUploads).where(lt(multipartUploads.expiresAt, now)).orderBy(asc(multipartUploads.expiresAt)).limit(limit);
}

/** Records (or replaces) a stored part. */
export async function upsertPart(db: Db, values: { uploadId: string; partNumber: number; size: number; etag: string }): Promise<void> {
  await db
    .insert(multipartParts)
    .values(values)
    .onConflictDoUpdate({
      target: [multipartParts.uploadId, multipartParts.partNumber],
      set: { size: values.size, etag: values.etag, createdAt: new Date() },
    });
}

export async function deletePart(db: Db, params: { uploadId: string; partNumber: number }): Promise<void> {
  await db
    .delete(multipartParts)
    .where(and(eq(multipartParts.uploadId, params.uploadId), eq(multipartParts.partNumber, params.partNumber)));
}

export async function listParts(db: Db, uploadId: string, partNumbers?: number[]): Promise<MultipartPart[]> {
  const where = partNumbers
    ? and(eq(multipartParts.uploadId, uploadId), inArray(multipartParts.partNumber, partNumbers))
    : eq(multipartParts.uploadId, uploadId);
  return db.select().from(multipartParts).where(where).orderBy(asc(multipartParts.partNumber));
}
