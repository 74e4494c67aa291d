import { handle, jsonResponse } from "@/lib/api/handler";
import { keyPageOf } from "@/lib/api/pagination";
import { storageApi } from "@/lib/schemas/storage";
import { deleteFile } from "@/lib/storage/delete-file";
import { listFiles } from "@/lib/storage/list-files";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/storage/files – the caller's stored files (by key; optional limit/cursor pages with a Link header)
export const GET = handle(storageApi.listFiles, async ({ req, user, query }) => {
  const all = await listFiles({ userId: user.user_id, prefix: query.prefix });
  const { items, headers } = keyPageOf(req, query, all, (f) => f.filePath);
  return jsonResponse({ success: true, files: items, user_id: user.user_id }, 200, headers);
});

// DELETE /api/storage/files – delete a file and the videos registered with it
export const DELETE = handle(storageApi.deleteFile, async ({ db, user, query }) => {
  await deleteFile(db, { userId: user.user_id, key: query.key });
  return { success: true as const, ok: true as const };
});

export const { POST, PUT, PATCH, OPTIONS } = otherMethods("GET", "DELETE");
