import { z } from "zod";
import type { Profile } from "@/db/schema";
import { timestamp } from "./common";
import { isoTime } from "@/lib/core/iso-time";

export const profileResponse = z
  .object({
    id: z.string(),
    user_id: z.string(),
    full_name: z.string().nullable(),
    email: z.string(),
    avatar_url: z.string().nullable(),
    timezone: z.string(),
    is_admin: z.number().int(),
    bonus_minutes: z.number(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "Profile" });

export function toProfileResponse(p: Profile): z.infer<typeof profileResponse> {
  return {
    id: p.id,
    user_id: p.userId,
    full_name: p.fullName,
    email: p.email,
    avatar_url: p.avatarUrl,
    timezone: p.timezone,
    is_admin: p.isAdmin,
    bonus_minutes: p.bonusMinutes,
    created_at: isoTime(p.createdAt),
    updated_at: isoTime(p.updatedAt),
  };
}
