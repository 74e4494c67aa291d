// Shapes shared by many resources.
import { z } from "zod";

/** ISO 8601 without zone (UTC), e.g. `2026-11-25T22:01:05.123`. */
export const timestamp = z.string().meta({ example: "2026-11-25T22:01:05.123" });


export const okResponse = z.object({ ok: z.literal(true) });

export const errorBody = z.object({ detail: z.string() }).meta({ id: "Error" });

/** Names and titles: non-empty, at most 255 characters. */
export const nameField = z.string().trim().min(1).max(255);
export const descriptionField = z.string().max(5000);
