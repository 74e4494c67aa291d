// Projects, scoped to their owner.
import { and, eq } from "drizzle-orm";
import type { Db } from "../client";
import { projects } from "../schema";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getProject(db: Db, params: { userId: string; projectId: string }) {
  if (!UUID.test(params.projectId)) return null;
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, params.projectId), eq(projects.userId, params.userId)))
    .limit(1);
  return row ?? null;
}
