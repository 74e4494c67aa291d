// The system (`info`) notification a new account starts with.
import type { Db } from "@/db/client";
import { insertNotification } from "@/db/queries/notifications";
import { BASE_LIMIT_MINUTES } from "@/lib/usage/allowance";

export const WELCOME_TITLE = "Welcome to Video Analysis";

export async function notifyWelcome(db: Db, userId: string): Promise<void> {
  await insertNotification(db, {
    userId,
    title: WELCOME_TITLE,
    message: `Your account is ready, with ${BASE_LIMIT_MINUTES.toLocaleString("en-US")} minutes of processing. Upload a video to get started.`,
    type: "info",
  });
}
