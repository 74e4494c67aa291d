// Test users made through the same operations the CLI uses.
import { getDb } from "@/db/client";
import { createUserWithKey } from "@/lib/users/create-user-with-key";

export async function makeUser(email = `u${Math.random().toString(36).slice(2, 8)}@example.com`) {
  const db = await getDb();
  return createUserWithKey(db, { email, name: email.split("@")[0] });
}

export type TestUser = Awaited<ReturnType<typeof makeUser>>;
