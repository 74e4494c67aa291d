// The processing allowance: 3000 minutes plus the profile's bonus minutes.
import type { Db } from "@/db/client";
import { reservedMinutes, usedMinutes } from "@/db/queries/usage";
import { lockBonusMinutes } from "@/db/queries/users";
import { ApiError } from "@/lib/core/errors";

export const BASE_LIMIT_MINUTES = 3000;

/**
 * Refuses (402) a run of `durationSeconds` that would exceed what remains, counting videos
 * already queued or processing. Call inside the transaction that queues the run: the profile
 * row lock makes two concurrent starts of one user take turns.
 */
export async function assertAllowance(
  tx: Db,
  params: { userId: string; jobId: string; durationSeconds: number },
): Promise<void> {
  const limit = BASE_LIMIT_MINUTES + (await lockBonusMinutes(tx, params.userId));
  const used = await usedMinutes(tx, params.userId);
  const reserved = await reservedMinutes(tx, params.userId, params.jobId);
  const remaining = limit - used - reserved;
  if (params.durationSeconds / 60 > remaining + 1e-9) throw new ApiError(402, "Processing allowance exhausted");
}
