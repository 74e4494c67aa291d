// POST /videos/import: checks the URL (400 at once when malformed or refused), the project and
// the allowance (402 when nothing remains), then creates the video (`importing`), its import run
// and the request in one transaction, and wakes the import worker.
import crypto from "node:crypto";
import path from "node:path";
import type { Db } from "@/db/client";
import { insertImport } from "@/db/queries/imports";
import { getProject } from "@/db/queries/projects";
import { insertRun } from "@/db/queries/runs";
import { getVideoByStoragePath, insertVideo } from "@/db/queries/videos";
import type { Video } from "@/db/schema";
import { notFound } from "@/lib/core/errors";
import type { ModuleName } from "@/lib/pipeline/modules/registry";
import { getStorage } from "@/lib/storage";
import { assertSupportedExtension, sanitizeFilename, userPrefix, withUniqueSuffix } from "@/lib/storage/paths";
import { assertAllowance } from "@/lib/usage/allowance";
import { isUuid } from "@/lib/core/uuid";
import { assertImportUrl } from "./import-url-guard";
import { importFileName } from "./fetch-url";
import { wakeImportWorkers } from "./import-worker";

export interface StartImportOptions {
  userId: string;
  url: string;
  fileName?: string;
  modules: ModuleName[];
  projectId?: string;
  initialPrompt?: string;
}

/** A key in the user's area that no object and no video uses yet. */
async function freeKey(db: Db, userId: string, name: string): Promise<string> {
  const clean = sanitizeFilename(name);
  for (let i = 0; ; i++) {
    const key = userPrefix(userId) + (i === 0 ? clean : withUniqueSuffix(clean, crypto.randomBytes(3).toString("hex")));
    if (!(await getStorage().stat(key)) && !(await getVideoByStoragePath(db, { userId, storagePath: key }))) return key;
  }
}

export async function startImport(db: Db, opts: StartImportOptions): Promise<Video> {
  const url = await assertImportUrl(opts.url);
  if (opts.fileName !== undefined) assertSupportedExtension(opts.fileName);
  if (opts.projectId !== undefined && (!isUuid(opts.projectId) || !(await getProject(db, { userId: opts.userId, projectId: opts.projectId })))) {
    throw notFound("Project");
  }
  const name = importFileName(url, "", opts.fileName);
  const key = await freeKey(db, opts.userId, name);
  const modules = [...new Set(opts.modules)];
  const video = await db.transaction(async (tx) => {
    // Its length is not known yet: refused now only when nothing remains; counted when it is queued.
    await assertAllowance(tx, { userId: opts.userId, jobId: crypto.randomUUID(), durationSeconds: 0.001 });
    const v = await insertVideo(tx, {
      userId: opts.userId,
      jobId: crypto.randomUUID(),
      name: opts.fileName ?? path.posix.basename(key),
      storagePath: key,
      status: "importing",
      selectedInsights: modules,
      initialPrompt: opts.initialPrompt ?? null,
      projectId: opts.projectId ?? null,
    });
    const run = await insertRun(tx, { videoId: v.id, jobId: v.jobId, userId: opts.userId, status: "queued", action: "import", modules, engine: "import" });
    await insertImport(tx, { runId: run.id, jobId: v.jobId, userId: opts.userId, url: url.toString(), modules, initialPrompt: opts.initialPrompt ?? null });
    return v;
  });
  wakeImportWorkers();
  return video;
}
