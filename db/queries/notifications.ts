// Notifications of a user.
import type { Db } from "../client";
import { notifications } from "../schema";

export async function insertNotification(
  db: Db,
  values: { userId: string; title: string; message: string; type: "success" | "error" | "info" },
) {
  const [row] = await db.insert(notifications).values(values).returning();
  return row;
}
