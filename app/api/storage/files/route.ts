import { handle } from "@/lib/api/handler";
import { storageApi } from "@/lib/schemas/storage";
import { deleteFile } from "@/lib/storage/delete-file";
import { listFiles } from "@/lib/storage/list-files";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/storage/files – the caller's stored files
export const GET = handle(storageApi.listFiles, async ({ user, query }) => ({
  success: true,
  files: await listFiles({ userId: user.user_id, prefix: query.prefix }),
  user_id: user.user_id,
}));

// DELETE /api/storage/files – delete a file and the videos registered with it
export const DELETE = handle(storageApi.deleteFile, async ({ db, user, query }) => {
  await deleteFile(db, { userId: user.user_id, key: query.key });
  return { success: true as const, ok: true as const };
});

export const { POST, PUT, PATCH, OPTIONS } = otherMethods("GET", "DELETE");
